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

function Invoke-Suite-Task([string] $h, [string[]] $wbArgs, [string] $share) {
    $marker = Join-Path $share "done.txt"
    if (Test-Path $marker) { Remove-Item $marker -Force }
    # The task runs cmd.exe so that the exit code lands in the marker file; /v:on with !ERRORLEVEL!
    # reads it after winbench ran (%ERRORLEVEL% would be expanded before).
    $cmdLine = "cmd.exe /v:on /c `"$remoteLocal\winbench.exe " + ($wbArgs -join " ") + " > $remoteLocal\suite.log 2>&1 & echo !ERRORLEVEL! > $remoteLocal\done.txt`""
    if ((Invoke-Schtasks @("/Create", "/S", $h, "/TN", "winbench-suite", "/TR", $cmdLine, "/SC", "ONCE", "/ST", "23:59",
                           "/RU", "SYSTEM", "/F")) -ne 0) {
        throw "schtasks /Create on $h failed"
    }
    try {
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
        if ($code -ne 0) { $failed += $h }
    }
    catch {
        Write-Host "$h : $($_.Exception.Message)"
        $failed += $h
    }
}
if ($failed.Count -gt 0) { Write-Host "failed on: $($failed -join ', ')"; exit 1 }
Write-Host "all hosts done: winbench report $Out --html report.html"
exit 0
