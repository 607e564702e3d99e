<#
.SYNOPSIS
    Runs winbench's standard suite on several Windows hosts and copies their CSVs back.

.DESCRIPTION
    For each host: copies winbench.exe (beside this script) to the host's ADMIN$ share, into
    Temp\winbench (on the host: %SystemRoot%\Temp\winbench, the one folder both the copy and the
    run use, wherever Windows is installed), runs "winbench all" there, and copies the CSVs back
    into -Out\<host>\. The run goes through PowerShell remoting (Invoke-Command) where it is
    enabled; otherwise, or with -UseTask, through a scheduled task created with schtasks.exe,
    whose end is noticed by a marker file; the task is deleted on every way out, a time-out
    included. Needs administrator rights on the hosts (ADMIN$).
    A password never goes on a command line: remoting takes -Credential as a PSCredential, and
    the scheduled-task way runs schtasks.exe as the logged-on user, or with -Credential through
    Start-Process -Credential (a logon, not an argument); the task itself runs as SYSTEM.
    PowerShell 2.0 compatible (Vista / Server 2008 with WMF 2.0 and later); XP hosts can be
    targets of the scheduled-task way, since only schtasks.exe and a share are needed there.
    Then: winbench report -Out-folder --html report.html

.EXAMPLE
    .\run-remote.ps1 -Hosts xpvm,vistavm,w2k8vm -Quick
.EXAMPLE
    .\run-remote.ps1 -Hosts (Get-Content hosts.txt) -UseTask -Credential (Get-Credential)
#>
param(
    [Parameter(Mandatory = $true)] [string[]] $Hosts,
    [switch] $Quick,
    [switch] $UseTask,
    [string] $Out = "results",
    [System.Management.Automation.PSCredential] $Credential,
    [int] $TimeoutMinutes = 60
)

$ErrorActionPreference = "Stop"
$here = Split-Path -Parent $MyInvocation.MyCommand.Definition
$exe = Join-Path $here "winbench.exe"
if (-not (Test-Path $exe)) { throw "run-remote: winbench.exe is not beside this script ($here)" }
# On the host, as the share \\HOST\ADMIN$\Temp\winbench is: ADMIN$ is %SystemRoot%.
$remoteLocal = "%SystemRoot%\Temp\winbench"
$failed = @()

# schtasks.exe ARGS as the logged-on user, or with -Credential as that user through a logon
# (Start-Process -Credential): the password is never an argument anyone can read.
# (Neither way can pass an argument with a space or a quote intact under PowerShell 2.0-5.1:
# see Invoke-Suite-Task; its callers pass words only.)
function Invoke-Schtasks([string[]] $taskArgs) {
    if (-not $Credential) {
        & schtasks.exe @taskArgs | Out-Null
        return $LASTEXITCODE
    }
    $p = Start-Process -FilePath schtasks.exe -ArgumentList $taskArgs -Credential $Credential -Wait -PassThru -NoNewWindow
    return $p.ExitCode
}

function Invoke-Suite-Remoting([string] $h, [string[]] $wbArgs) {
    $params = @{ ComputerName = $h; ArgumentList = (, $wbArgs) }
    if ($Credential) { $params.Credential = $Credential }
    $code = Invoke-Command @params -ScriptBlock {
        param($a)
        $wb = Join-Path $env:SystemRoot "Temp\winbench\winbench.exe"
        $a = $a | ForEach-Object { $_ -replace '%SystemRoot%', $env:SystemRoot }
        & $wb @a | Out-Host
        $LASTEXITCODE
    }
    return $code
}

# The host's Windows folder as a literal path (ADMIN$ is that folder), for the task's /TR:
# whether Task Scheduler 1.0 (XP, 2003) expands %SystemRoot% in a task's program is not
# documented, so it is not left to it. WMI (DCOM) answers where remoting may not; without an
# answer, %SystemRoot% is what Task Scheduler 2.0 (Vista on) expands.
function Get-WindowsFolder([string] $h) {
    try {
        $params = @{ Class = "Win32_OperatingSystem"; ComputerName = $h }
        if ($Credential) { $params.Credential = $Credential }
        return (Get-WmiObject @params).WindowsDirectory
    }
    catch { return "%SystemRoot%" }
}

# The scheduled-task way. Windows PowerShell 2.0 to 5.1 cannot hand a native program an
# argument with quotes in it (`&` passes the inner quotes unescaped: PowerShell#1995) nor, with
# Start-Process -ArgumentList, one with a space (it joins the list with spaces: #5576). So the
# command line, quotes and spaces and all, goes into run.cmd on the share, and every argument
# schtasks.exe gets below is one word without a quote, as each comment says.
function Invoke-Suite-Task([string] $h, [string[]] $wbArgs, [string] $share) {
    $marker = Join-Path $share "done.txt"
    if (Test-Path $marker) { Remove-Item $marker -Force }
    $windows = Get-WindowsFolder $h
    $folder = "$windows\Temp\winbench"
    if ($folder -match '[ "]') { throw "the Windows folder of $h ($windows) has a space or a quote: /TR cannot name run.cmd there" }
    $quoted = $wbArgs | ForEach-Object { '"' + ($_ -replace '%SystemRoot%', $windows) + '"' }
    # run.cmd, in the host's ANSI code page (the names in it are ASCII): winbench, then its exit
    # code into the marker. Two lines, so %ERRORLEVEL% is read after winbench ran.
    $lines = @(
        "@echo off",
        "`"$folder\winbench.exe`" " + ($quoted -join " ") + " > `"$folder\suite.log`" 2>&1",
        "echo %ERRORLEVEL% > `"$folder\done.txt`""
    )
    Set-Content -Path (Join-Path $share "run.cmd") -Value $lines -Encoding Default
    $createArgs = @(
        "/Create",                 # a new task
        "/S", $h,                  # on the host: a name or an address, no space
        "/TN", "winbench-suite",   # its name: one word
        "/TR", "$folder\run.cmd",  # its program: a path checked above for spaces and quotes
        "/SC", "ONCE",             # one run ...
        "/ST", "23:59",            # ... at a time it never waits for: /Run starts it now
        "/RU", "SYSTEM",           # as SYSTEM: no password to pass
        "/F"                       # replacing one a failed run left behind
    )
    if ((Invoke-Schtasks $createArgs) -ne 0) { throw "schtasks /Create on $h failed" }
    try {
        # /Run /S HOST /TN NAME, and /Delete's below: words only
        if ((Invoke-Schtasks @("/Run", "/S", $h, "/TN", "winbench-suite")) -ne 0) { throw "schtasks /Run on $h failed" }
        $deadline = (Get-Date).AddMinutes($TimeoutMinutes)
        while (-not (Test-Path $marker)) {
            if ((Get-Date) -gt $deadline) { throw "the suite on $h did not finish within $TimeoutMinutes minutes" }
            Start-Sleep -Seconds 10
        }
    }
    finally {
        # every way out, the time-out and Ctrl+C included: no task left behind on the host
        Invoke-Schtasks @("/Delete", "/S", $h, "/TN", "winbench-suite", "/F") | Out-Null
    }
    return [int]((Get-Content $marker | Select-Object -First 1).Trim())
}

foreach ($h in $Hosts) {
    Write-Host "== $h"
    try {
        $share = "\\$h\ADMIN$\Temp\winbench"
        if (-not (Test-Path $share)) { New-Item -ItemType Directory -Path $share | Out-Null }
        Copy-Item $exe $share -Force
        $wbArgs = @("all", "--out", "$remoteLocal\results", "--label", $h, "--force")
        if ($Quick) { $wbArgs += "--quick" }
        $code = $null
        if (-not $UseTask) {
            try { $code = Invoke-Suite-Remoting $h $wbArgs }
            catch { Write-Host "remoting to $h failed ($($_.Exception.Message)); using a scheduled task" }
        }
        if ($code -eq $null) { $code = Invoke-Suite-Task $h $wbArgs $share }
        $dest = Join-Path $Out $h
        if (-not (Test-Path $dest)) { New-Item -ItemType Directory -Path $dest | Out-Null }
        Copy-Item (Join-Path $share "results\*.csv") $dest -Force
        Write-Host "$h : suite exit code $code; CSVs in $dest"
        # 4: the suite ran, but left out what that Windows lacks (rows of kind skipped say what)
        if ($code -ne 0 -and $code -ne 4) { $failed += $h }
    }
    catch {
        Write-Host "$h : $($_.Exception.Message)"
        $failed += $h
    }
}
if ($failed.Count -gt 0) { Write-Host "failed on: $($failed -join ', ')"; exit 1 }
Write-Host "all hosts done: winbench report $Out --html report.html"
exit 0
