@echo off
rem run-suite.cmd [--quick] [--label TEXT] [--force]
rem Runs winbench's standard suite ("winbench all") on this machine and leaves one CSV per run in
rem results\%COMPUTERNAME%-LABEL\ beside this script (results\%COMPUTERNAME%\ without --label:
rem give each VM a label, so that two VMs of one template, which share a computer name, keep their
rem folders apart when gathered). Copy winbench.exe and this file into one folder on the VM and run
rem it from cmd.exe: it needs nothing else (no PowerShell; Windows XP and later).
setlocal
set "HERE=%~dp0"
set "WB=%HERE%winbench.exe"
if not exist "%WB%" (
  echo run-suite: winbench.exe is not beside this script ^(%HERE%^) 1>&2
  exit /b 2
)
set "OUT=%HERE%results"
rem from this folder, so that winbench's own folder name (the host and the label) lands beside it
pushd "%HERE%"
"%WB%" all %*
set RC=%ERRORLEVEL%
popd
echo.
if "%RC%"=="0" (echo run-suite: the CSVs are in %OUT%) else if "%RC%"=="4" (echo run-suite: the CSVs are in %OUT%; some runs left out what this Windows lacks ^(rows of kind skipped say what^)) else (echo run-suite: finished with errors ^(exit %RC%^); the CSVs written are in %OUT%)
exit /b %RC%
