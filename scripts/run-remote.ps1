<#
.SYNOPSIS
    Runs winbench's standard suite on several Windows hosts and copies their CSVs back.

.DESCRIPTION
    For each host: copies winbench.exe (beside this script) to the host's ADMIN$ share
    (C:\Windows\Temp\winbench), runs "winbench all" there, and copies the CSVs back into
    -Out\<host>\. The run goes through PowerShell remoting (Invoke-Command) where it is
    enabled; otherwise, or with -UseTask, through a scheduled task created with schtasks.exe,
    whose end is noticed by a marker file. Needs administrator rights on the hosts (ADMIN$).
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
$remoteLocal = "C:\Windows\Temp\winbench"
$failed = @()

function Invoke-Suite-Remoting([string] $h, [string[]] $wbArgs) {
    $params = @{ ComputerName = $h; ArgumentList = (, $wbArgs) }
    if ($Credential) { $params.Credential = $Credential }
    $code = Invoke-Command @params -ScriptBlock {
        param($a)
        & "C:\Windows\Temp\winbench\winbench.exe" @a | Out-Host
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
    $auth = @()
    if ($Credential) {
        $auth = @("/U", $Credential.UserName, "/P", $Credential.GetNetworkCredential().Password)
    }
    & schtasks.exe /Create /S $h @auth /TN winbench-suite /TR $cmdLine /SC ONCE /ST 23:59 /RU SYSTEM /F | Out-Null
    if ($LASTEXITCODE -ne 0) { throw "schtasks /Create on $h failed ($LASTEXITCODE)" }
    & schtasks.exe /Run /S $h @auth /TN winbench-suite | Out-Null
    if ($LASTEXITCODE -ne 0) { throw "schtasks /Run on $h failed ($LASTEXITCODE)" }
    $deadline = (Get-Date).AddMinutes($TimeoutMinutes)
    while (-not (Test-Path $marker)) {
        if ((Get-Date) -gt $deadline) { throw "the suite on $h did not finish within $TimeoutMinutes minutes" }
        Start-Sleep -Seconds 10
    }
    & schtasks.exe /Delete /S $h @auth /TN winbench-suite /F | Out-Null
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
