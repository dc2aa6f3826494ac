; Rootkeeper's Windows installer: a per-user install, no elevation.
; An elevated app would not see the user's mapped drives and could not take drag-and-drop from
; Explorer, so everything goes under the user's own profile and registry hive (HKCU).
;
;   makensis /DPAYLOAD=dist\rootkeeper /DVERSION=0.1.0 /DOUTFILE=dist\rootkeeper-0.1.0-setup.exe packaging\windows\rootkeeper.nsi
;
; PAYLOAD is the PyInstaller one-folder build: rootkeeper.exe (the console CLI, and the stdio bridge
; AI hosts start), rootkeeperw.exe (the same app without a console window: the tray app) and _internal.

Unicode true
!include "MUI2.nsh"

!ifndef PAYLOAD
  !error "Pass the frozen folder: /DPAYLOAD=path\to\dist\rootkeeper"
!endif
!ifndef VERSION
  !define VERSION "0.0.0"
!endif
!ifndef OUTFILE
  !define OUTFILE "rootkeeper-${VERSION}-setup.exe"
!endif

!define APP "Rootkeeper"
!define EXE "rootkeeper.exe"
!define GUI_EXE "rootkeeperw.exe"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"
; The same value the app's own "Start at login" setting writes (app/core/system/autostart.py).
!define RUN_KEY "Software\Microsoft\Windows\CurrentVersion\Run"
!define RUN_VALUE "Rootkeeper"

Name "${APP}"
OutFile "${OUTFILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${APP}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
SetCompressor /SOLID lzma
VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${APP}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APP} installer"
VIAddVersionKey "LegalCopyright" "Rootkeeper developers"

!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${GUI_EXE}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"
!insertmacro MUI_LANGUAGE "TradChinese"

Function .onInit
  ; Per-user: the current user's Start menu and profile, never All Users.
  SetShellVarContext current
FunctionEnd

Function un.onInit
  SetShellVarContext current
FunctionEnd

Section "${APP}" SecApp
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; An upgrade replaces the program files; the user's state lives elsewhere (%APPDATA%) and is kept.
  RMDir /r "$INSTDIR\_internal"
  File /r "${PAYLOAD}\*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${GUI_EXE}" "" "$INSTDIR\${GUI_EXE}" 0

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "Rootkeeper developers"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${GUI_EXE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section /o "Start ${APP} at login" SecAutostart
  WriteRegStr HKCU "${RUN_KEY}" "${RUN_VALUE}" '"$INSTDIR\${GUI_EXE}"'
SectionEnd

!insertmacro MUI_FUNCTION_DESCRIPTION_BEGIN
  !insertmacro MUI_DESCRIPTION_TEXT ${SecApp} "The tray app and its command-line tool."
  !insertmacro MUI_DESCRIPTION_TEXT ${SecAutostart} "Start ${APP} in the tray when you log in (can be changed later in Settings)."
!insertmacro MUI_FUNCTION_DESCRIPTION_END

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP}.lnk"
  DeleteRegValue HKCU "${RUN_KEY}" "${RUN_VALUE}"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\${GUI_EXE}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  ; The shared folders, servers and logs (%APPDATA%\Rootkeeper, %LOCALAPPDATA%\Rootkeeper) stay:
  ; uninstalling a program must not lose the user's settings.
SectionEnd
