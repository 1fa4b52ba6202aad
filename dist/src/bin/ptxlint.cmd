@echo off
rem ptxlint: runs lib\ptxlint.jar of this installation. Honours JAVA_HOME and JAVA_OPTS.
setlocal
set "PTXLINT_JAR=%~dp0..\lib\ptxlint.jar"
if not exist "%PTXLINT_JAR%" (
  echo ptxlint: %PTXLINT_JAR% is missing; reinstall ptxlint from its archive 1>&2
  exit /b 2
)
if defined JAVA_HOME (set "JAVA_EXE=%JAVA_HOME%\bin\java.exe") else (set "JAVA_EXE=java")
"%JAVA_EXE%" -XX:+UseSerialGC %JAVA_OPTS% -jar "%PTXLINT_JAR%" %*
exit /b %ERRORLEVEL%
