<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About Rootkeeper</source>
        <translation>關於 Rootkeeper</translation>
    </message>
    <message>
        <source>Show Rootkeeper&apos;s &amp;log</source>
        <translation>檢視 Rootkeeper 的記錄(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>複製(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Homepage</source>
        <translation>首頁(&amp;H)</translation>
    </message>
    <message>
        <source>Report a &amp;bug</source>
        <translation>回報問題(&amp;B)</translation>
    </message>
    <message>
        <source>Rootkeeper %1</source>
        <translation>Rootkeeper %1</translation>
    </message>
    <message>
        <source>Tells MCP servers which folders you share with AI tools.</source>
        <translation>告訴 MCP 伺服器你與 AI 工具共用了哪些資料夾。</translation>
    </message>
    <message>
        <source>Qt %1, PySide6 %2</source>
        <translation>Qt %1，PySide6 %2</translation>
    </message>
    <message>
        <source>MCP Python SDK %1</source>
        <translation>MCP Python SDK %1</translation>
    </message>
    <message>
        <source>Python %1 on %2</source>
        <translation>Python %1，執行於 %2</translation>
    </message>
    <message>
        <source>Licence: %1</source>
        <translation>授權條款：%1</translation>
    </message>
    <message>
        <source>Settings and shared folders: %1</source>
        <translation>設定與共用的資料夾：%1</translation>
    </message>
    <message>
        <source>Logs: %1</source>
        <translation>記錄：%1</translation>
    </message>
</context>
<context>
    <name>AliasesEditor</name>
    <message>
        <source>The local folder</source>
        <translation>本機資料夾</translation>
    </message>
    <message>
        <source>Folder on this computer</source>
        <translation>本機上的資料夾</translation>
    </message>
    <message>
        <source>Path the server sees</source>
        <translation>伺服器看到的路徑</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>Choose folder…</source>
        <translation>選擇資料夾…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
</context>
<context>
    <name>ConsentDialog</name>
    <message>
        <source>Share folders with %1?</source>
        <translation>要與 %1 共用資料夾嗎？</translation>
    </message>
    <message>
        <source>%1 wants to see your shared folders</source>
        <translation>%1 想查看你共用的資料夾</translation>
    </message>
    <message>
        <source>If you agree, this server is given the folders you share with it, now and whenever they change. Run confined, the system itself keeps it to those folders; unconfined, only its own honesty does: it can still open any file its own process can reach.</source>
        <translation>如果你同意，這個伺服器會得到你與它共享的資料夾，現在以及它們每次變化時。受限執行時，系統本身把它限制在這些資料夾內；不受限時，只靠它自己守規矩：它仍能開啟它自己的程序能存取的任何檔案。</translation>
    </message>
    <message>
        <source>Runs as: %1</source>
        <translation>執行方式：%1</translation>
    </message>
    <message>
        <source>Held to your list: %1. %2</source>
        <translation>受你的清單約束的方式：%1。%2</translation>
    </message>
    <message>
        <source>This looks like the filesystem server: the roots it receives replace the folders on its own command line.</source>
        <translation>這看起來是 filesystem 伺服器：它收到的根目錄會取代其命令列中指定的資料夾。</translation>
    </message>
    <message>
        <source>Run it confined: the system lets it touch only the folders you share with it (the network stays open)</source>
        <translation>受限執行：系統只允許它存取你與它共用的資料夾（網路仍然開放）</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>共用</translation>
    </message>
    <message>
        <source>Don&apos;t share</source>
        <translation>不共用</translation>
    </message>
    <message>
        <source>Decide later</source>
        <translation>稍後再決定</translation>
    </message>
</context>
<context>
    <name>CrashNotice</name>
    <message>
        <source>Something went wrong inside Rootkeeper; the details are in %1.</source>
        <translation>Rootkeeper 內部發生錯誤；詳細資訊見 %1。</translation>
    </message>
    <message>
        <source>Something went wrong inside Rootkeeper; the details were written to its log.</source>
        <translation>Rootkeeper 內部發生錯誤；詳細資訊已寫入記錄檔。</translation>
    </message>
</context>
<context>
    <name>DeskFlows</name>
    <message>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <source>Stopped sharing %1; no files were deleted.</source>
        <translation>已停止共用 %1；沒有刪除任何檔案。</translation>
    </message>
    <message>
        <source>Sharing %1 again.</source>
        <translation>已重新共用 %1。</translation>
    </message>
    <message>
        <source>Removed the server %1.</source>
        <translation>已移除伺服器 %1。</translation>
    </message>
    <message>
        <source>The server %1 is back, with its settings.</source>
        <translation>伺服器 %1 已恢復，設定不變。</translation>
    </message>
    <message>
        <source>%1 is enabled: Rootkeeper connects to it again.</source>
        <translation>%1 已啟用：Rootkeeper 會重新連線到它。</translation>
    </message>
    <message>
        <source>%1 is disabled: Rootkeeper disconnected from it and keeps its settings.</source>
        <translation>%1 已停用：Rootkeeper 已中斷與它的連線，並保留其設定。</translation>
    </message>
    <message>
        <source>Reconnecting to %1…</source>
        <translation>正在重新連線到 %1…</translation>
    </message>
    <message>
        <source>%1 is not connected by this window (disabled, or another Rootkeeper process keeps the servers).</source>
        <translation>此視窗沒有連線到 %1（它已停用，或另一個 Rootkeeper 程序在維持伺服器連線）。</translation>
    </message>
    <message>
        <source>No file manager could open %1.</source>
        <translation>沒有檔案管理員能開啟 %1。</translation>
    </message>
</context>
<context>
    <name>DropHighlight</name>
    <message>
        <source>Drop to share %1</source>
        <translation>放開即可共用 %1</translation>
    </message>
    <message>
        <source>Only folders and files on this computer can be shared.</source>
        <translation>只能共用這台電腦上的資料夾和檔案。</translation>
    </message>
</context>
<context>
    <name>FilterBox</name>
    <message>
        <source>%1 of %2 shown</source>
        <translation>顯示 %1 / %2 項</translation>
    </message>
</context>
<context>
    <name>Flows</name>
    <message>
        <source>Share a folder</source>
        <translation>共用資料夾</translation>
    </message>
    <message>
        <source>Only folders and files on this computer can be shared; not added: %1</source>
        <translation>只能共用這台電腦上的資料夾和檔案；未加入：%1</translation>
    </message>
    <message>
        <source>Now sharing %1.</source>
        <translation>現已共用 %1。</translation>
    </message>
    <message>
        <source>Share anyway?</source>
        <translation>仍要共用嗎？</translation>
    </message>
    <message numerus="yes">
        <source>%n of the paths you chose need(s) a second look before sharing:</source>
        <translation>
            <numerusform>你選擇的路徑中有 %n 個在共用前需要再確認一下：</numerusform>
        </translation>
    </message>
    <message>
        <source>The path you chose needs a second look before sharing:</source>
        <translation>你選擇的路徑在共用前需要再確認一下：</translation>
    </message>
    <message>
        <source>Share anyway</source>
        <translation>仍然共用</translation>
    </message>
    <message>
        <source>Stop sharing %1? Servers will no longer be told about it. No files are deleted.</source>
        <translation>停止共用 %1？伺服器將不再得知它。不會刪除任何檔案。</translation>
    </message>
    <message>
        <source>Stop sharing</source>
        <translation>停止共用</translation>
    </message>
    <message>
        <source>Check finished at %1: %2</source>
        <translation>檢查已於 %1 完成：%2</translation>
    </message>
    <message>
        <source>Starting at login could not be changed: %1</source>
        <translation>無法變更登入時啟動：%1</translation>
    </message>
    <message>
        <source>Sharing is paused: every server now sees an empty list.</source>
        <translation>共用已暫停：所有伺服器現在看到的都是空清單。</translation>
    </message>
    <message numerus="yes">
        <source>Stop sharing %n folder(s)? Servers will no longer be told about them. No files are deleted.</source>
        <translation>
            <numerusform>停止共用 %n 個資料夾？伺服器將不再得知這些資料夾。不會刪除任何檔案。</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove the server %1? Rootkeeper disconnects from it and forgets its settings.</source>
        <translation>移除伺服器 %1？Rootkeeper 會中斷與它的連線並刪除其設定。</translation>
    </message>
    <message>
        <source>Remove server</source>
        <translation>移除伺服器</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Checking every shared folder again…</source>
        <translation>正在重新檢查每個共用資料夾…</translation>
    </message>
</context>
<context>
    <name>FolderOfferDialog</name>
    <message>
        <source>Folders on the servers&apos; command lines</source>
        <translation>伺服器命令列中的資料夾</translation>
    </message>
    <message>
        <source>How the new servers run</source>
        <translation>新伺服器如何執行</translation>
    </message>
    <message>
        <source>Give %1 the folders you share instead</source>
        <translation>改為給 %1 你共用的資料夾</translation>
    </message>
    <message>
        <source>Run the new command servers confined: the system lets each touch only the folders it is given (the network stays open)</source>
        <translation>受限執行新的命令伺服器：系統只允許每個伺服器存取分配給它的資料夾（網路仍然開放）</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>匯入</translation>
    </message>
</context>
<context>
    <name>Health</name>
    <message>
        <source>Sharing is paused: every server sees an empty list.</source>
        <translation>共享已暫停：所有伺服器看到的都是空清單。</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>Connecting to servers: %1 of %2 connected</source>
        <translation>正在連線伺服器：已連線 %1 / %2 個</translation>
    </message>
    <message>
        <source>Rootkeeper: %1</source>
        <translation>Rootkeeper：%1</translation>
    </message>
</context>
<context>
    <name>HealthCounts</name>
    <message numerus="yes">
        <source>%n shared folder(s) cannot be reached</source>
        <translation>
            <numerusform>%n 個共享資料夾無法存取</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n server(s)</source>
        <translation>
            <numerusform>%1：%n 個伺服器</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) waiting for your consent</source>
        <translation>
            <numerusform>%n 個伺服器等待你的同意</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n folder(s) shared, all reachable</source>
        <translation>
            <numerusform>已共享 %n 個資料夾，全部可存取</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message>
        <source>When</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>伺服器</translation>
    </message>
    <message>
        <source>How</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>協定</translation>
    </message>
    <message>
        <source>Folders given</source>
        <translation>給出的資料夾</translation>
    </message>
    <message>
        <source>Connected by Rootkeeper</source>
        <translation>由 Rootkeeper 連線</translation>
    </message>
    <message>
        <source>One call</source>
        <translation>單次呼叫</translation>
    </message>
    <message>
        <source>Bridge</source>
        <translation>橋接</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1（為 %2）</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>命令列</translation>
    </message>
    <message>
        <source>No folders</source>
        <translation>沒有資料夾</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 等另外 %n 個</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryPage</name>
    <message>
        <source>No server was given a list of folders in this period.</source>
        <translation>這段期間內沒有伺服器收到資料夾清單。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>This folder was seen by %1, last at %2.</source>
        <translation>看過這個資料夾的有：%1，最近一次在 %2。</translation>
    </message>
    <message numerus="yes">
        <source>%1 was given %n folder(s) in this period.</source>
        <translation>
            <numerusform>這段期間內 %1 收到了 %n 個資料夾。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) were given folders in this period.</source>
        <translation>
            <numerusform>這段期間內有 %n 個伺服器收到了資料夾。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>重新整理(&amp;R)</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Last 90 days</source>
        <translation>最近 90 天</translation>
    </message>
    <message>
        <source>All servers</source>
        <translation>所有伺服器</translation>
    </message>
    <message>
        <source>All folders</source>
        <translation>所有資料夾</translation>
    </message>
</context>
<context>
    <name>HostFlows</name>
    <message>
        <source>No servers were found in the %1 config.</source>
        <translation>%1 的設定中沒有找到伺服器。</translation>
    </message>
    <message>
        <source>Added the servers %1; they see no folder until you agree (Servers tab).</source>
        <translation>已新增伺服器 %1；在你同意之前，它們看不到任何資料夾（見「伺服器」分頁）。</translation>
    </message>
    <message>
        <source>Already Rootkeeper servers: %1.</source>
        <translation>已經是 Rootkeeper 的伺服器：%1。</translation>
    </message>
    <message>
        <source>Left %1 as it is: %2.</source>
        <translation>%1 維持原樣：%2。</translation>
    </message>
    <message>
        <source>The %1 config has no servers to route.</source>
        <translation>%1 的設定中沒有可以轉接的伺服器。</translation>
    </message>
    <message>
        <source>Nothing in the %1 config needs to change.</source>
        <translation>%1 的設定無需變更。</translation>
    </message>
    <message>
        <source>Rootkeeper will rewrite the %1 config as shown, after saving a backup. Restore original puts the entries back exactly as they are now.</source>
        <translation>Rootkeeper 會先儲存備份，再依下方所示改寫 %1 的設定。「還原原狀」會把這些項目原封不動地改回現在的樣子。</translation>
    </message>
    <message>
        <source>Route through Rootkeeper</source>
        <translation>透過 Rootkeeper 啟動</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>套用</translation>
    </message>
    <message>
        <source>Restart %1 so it starts these servers through Rootkeeper.</source>
        <translation>請重新啟動 %1，讓它透過 Rootkeeper 啟動這些伺服器。</translation>
    </message>
    <message>
        <source>Which of the %1 servers should start through Rootkeeper, so they get the folders you share? You see the change to the config file before anything is written.</source>
        <translation>%1 的哪些伺服器應透過 Rootkeeper 啟動，以取得你共用的資料夾？寫入之前會先向你顯示設定檔的變更。</translation>
    </message>
    <message>
        <source>Show the change…</source>
        <translation>檢視變更…</translation>
    </message>
    <message>
        <source>%1 (project %2)</source>
        <translation>%1（專案 %2）</translation>
    </message>
    <message>
        <source>It already runs through Rootkeeper.</source>
        <translation>它已經透過 Rootkeeper 執行。</translation>
    </message>
    <message>
        <source>Rootkeeper cannot start this kind of server.</source>
        <translation>Rootkeeper 無法啟動這類伺服器。</translation>
    </message>
    <message>
        <source>Its settings use %1, which only the host fills in, so it keeps starting directly.</source>
        <translation>它的設定使用了只有宿主程式才會填入的 %1，因此它繼續直接啟動。</translation>
    </message>
    <message>
        <source>Rewrote %1 (backup: %2).</source>
        <translation>已改寫 %1（備份：%2）。</translation>
    </message>
    <message>
        <source>Nothing Rootkeeper routed is left in the %1 config.</source>
        <translation>%1 的設定中已沒有經 Rootkeeper 轉接的項目。</translation>
    </message>
    <message>
        <source>Rootkeeper will put the entries it routed in the %1 config back exactly as they were, as shown.</source>
        <translation>Rootkeeper 會依下方所示，把它在 %1 設定中改寫的項目原封不動地還原。</translation>
    </message>
    <message>
        <source>Restore original</source>
        <translation>還原原狀</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>還原</translation>
    </message>
    <message>
        <source>Restored %1; its backup copies were removed, as they held its secret values.</source>
        <translation>已還原 %1；其備份副本已刪除，因為其中含有它的機密值。</translation>
    </message>
    <message>
        <source>Restored %1 (backup of the routed version: %2).</source>
        <translation>已還原 %1（轉接版本的備份：%2）。</translation>
    </message>
    <message>
        <source>Left %1 as it is: it was changed after Rootkeeper routed it.</source>
        <translation>%1 維持原樣：Rootkeeper 轉接之後它又被修改過。</translation>
    </message>
</context>
<context>
    <name>HostsPage</name>
    <message>
        <source>&amp;Import servers…</source>
        <translation>匯入伺服器(&amp;I)…</translation>
    </message>
    <message>
        <source>Add the selected host&apos;s servers to Rootkeeper; they see no folder until you agree.</source>
        <translation>把所選宿主程式的伺服器新增到 Rootkeeper；在你同意之前，它們看不到任何資料夾。</translation>
    </message>
    <message>
        <source>&amp;Route through Rootkeeper…</source>
        <translation>透過 Rootkeeper 啟動(&amp;R)…</translation>
    </message>
    <message>
        <source>Rewrite the host&apos;s config so the servers you choose start through Rootkeeper; the change is shown before it is written.</source>
        <translation>改寫宿主程式的設定，讓你選擇的伺服器透過 Rootkeeper 啟動；寫入之前會先顯示變更。</translation>
    </message>
    <message>
        <source>Restore &amp;original</source>
        <translation>還原原狀(&amp;O)</translation>
    </message>
    <message>
        <source>Put back the entries Rootkeeper rewrote, exactly as they were.</source>
        <translation>把 Rootkeeper 改寫過的項目原封不動地還原。</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>重新讀取</translation>
    </message>
    <message>
        <source>None of the AI hosts Rootkeeper knows (Claude Desktop, Claude Code, VS Code, Cursor, Windsurf, Gemini CLI, Codex CLI, Zed, opencode, Cline) has a config file on this computer yet. Add an MCP server in one of them, then come back here to import it or route it through Rootkeeper.</source>
        <translation>這台電腦上還沒有 Rootkeeper 認得的 AI 宿主程式（Claude Desktop、Claude Code、VS Code、Cursor、Windsurf、Gemini CLI、Codex CLI、Zed、opencode、Cline）的設定檔。請先在其中一個程式裡新增 MCP 伺服器，再回到這裡匯入它或讓它透過 Rootkeeper 啟動。</translation>
    </message>
    <message>
        <source>Select a host, then import its servers into Rootkeeper, or route them through Rootkeeper so they get the folders you share. Every config file is backed up before it is rewritten.</source>
        <translation>選擇一個宿主程式，然後把它的伺服器匯入 Rootkeeper，或讓它們透過 Rootkeeper 啟動以取得你共用的資料夾。每個設定檔在改寫之前都會先備份。</translation>
    </message>
</context>
<context>
    <name>HostsTableModel</name>
    <message>
        <source>Host</source>
        <translation>宿主程式</translation>
    </message>
    <message>
        <source>Config file</source>
        <translation>設定檔</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>伺服器</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>執行方式</translation>
    </message>
    <message>
        <source>Command or URL</source>
        <translation>命令或網址</translation>
    </message>
    <message>
        <source>No config found</source>
        <translation>未找到設定</translation>
    </message>
    <message>
        <source>%1 (project %2)</source>
        <translation>%1（專案 %2）</translation>
    </message>
    <message>
        <source>No servers in this file</source>
        <translation>此檔案中沒有伺服器</translation>
    </message>
    <message>
        <source>Through Rootkeeper as %1</source>
        <translation>透過 Rootkeeper，作為 %1</translation>
    </message>
    <message>
        <source>Through Rootkeeper</source>
        <translation>透過 Rootkeeper</translation>
    </message>
    <message>
        <source>Directly (SSE, which Rootkeeper does not speak)</source>
        <translation>直接執行（SSE，Rootkeeper 不支援）</translation>
    </message>
    <message>
        <source>Directly</source>
        <translation>直接執行</translation>
    </message>
</context>
<context>
    <name>KeysDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>鍵盤快速鍵</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按鍵</translation>
    </message>
</context>
<context>
    <name>LogDialog</name>
    <message>
        <source>The log cannot be read: %1</source>
        <translation>無法讀取記錄：%1</translation>
    </message>
    <message>
        <source>Nothing has been logged yet.</source>
        <translation>還沒有記錄任何內容。</translation>
    </message>
    <message>
        <source>Nothing has been logged yet: the server has not been started, or it wrote nothing.</source>
        <translation>尚無記錄：伺服器尚未啟動，或沒有輸出任何內容。</translation>
    </message>
    <message>
        <source>Rootkeeper&apos;s log</source>
        <translation>Rootkeeper 的記錄</translation>
    </message>
    <message>
        <source>What Rootkeeper itself logged, from %1</source>
        <translation>Rootkeeper 本身記錄的內容，來自 %1</translation>
    </message>
    <message>
        <source>Log of %1</source>
        <translation>%1 的記錄</translation>
    </message>
    <message>
        <source>What the server wrote to its error output, from %1</source>
        <translation>伺服器寫入錯誤輸出的內容，來自 %1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Shared &amp;folders (%1)</source>
        <translation>共用的資料夾(&amp;F)（%1）</translation>
    </message>
    <message>
        <source>Ser&amp;vers (%1)</source>
        <translation>伺服器(&amp;V)（%1）</translation>
    </message>
    <message>
        <source>Pa&amp;use sharing</source>
        <translation>暫停共用(&amp;U)</translation>
    </message>
    <message>
        <source>Setti&amp;ngs…</source>
        <translation>設定(&amp;N)…</translation>
    </message>
    <message>
        <source>Rootkeeper</source>
        <translation>Rootkeeper</translation>
    </message>
    <message>
        <source>Which folders AI tools may see</source>
        <translation>AI 工具可以看到哪些資料夾</translation>
    </message>
    <message>
        <source>While paused, every server sees an empty list.</source>
        <translation>暫停期間，所有伺服器看到的都是空清單。</translation>
    </message>
    <message>
        <source>Shared &amp;folders (%1 of %2)</source>
        <translation>共用的資料夾(&amp;F)（%1 / %2）</translation>
    </message>
    <message>
        <source>Ser&amp;vers (%1 of %2)</source>
        <translation>伺服器(&amp;V)（%1 / %2）</translation>
    </message>
    <message>
        <source>&amp;Hosts</source>
        <translation>宿主程式(&amp;H)</translation>
    </message>
    <message>
        <source>Histor&amp;y</source>
        <translation>歷史(&amp;Y)</translation>
    </message>
    <message>
        <source>No system tray was found, so closing this window quits Rootkeeper (on GNOME, the AppIndicator extension adds a tray).</source>
        <translation>找不到系統匣，因此關閉此視窗會結束 Rootkeeper（在 GNOME 上，AppIndicator 擴充功能可提供系統匣）。</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Dismiss</source>
        <translation>關閉</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>Only local file:// locations can be shared, and {uri} is not one.</source>
        <translation>只能共用本機的 file:// 位置，而 {uri} 不是。</translation>
    </message>
    <message>
        <source>{uri} points to another computer ({host}); only local folders can be shared.</source>
        <translation>{uri} 指向另一台電腦（{host}）；只能共用本機的資料夾。</translation>
    </message>
    <message>
        <source>{uri} has a &apos;?&apos; or &apos;#&apos; part; encode those characters as %3F and %23.</source>
        <translation>{uri} 含有「?」或「#」部分；請將這些字元寫成 %3F 和 %23。</translation>
    </message>
    <message>
        <source>The path is empty.</source>
        <translation>路徑為空。</translation>
    </message>
    <message>
        <source>The path contains a NUL byte, which no file name can hold.</source>
        <translation>路徑包含 NUL 位元組，任何檔名都不能包含它。</translation>
    </message>
    <message>
        <source>The path is {length} bytes long; this system allows at most {limit}.</source>
        <translation>路徑長 {length} 位元組；本系統最多允許 {limit} 位元組。</translation>
    </message>
    <message>
        <source>A name in the path is {length} bytes long; this system allows at most {limit}.</source>
        <translation>路徑中的某個名稱長 {length} 位元組；本系統最多允許 {limit} 位元組。</translation>
    </message>
    <message>
        <source>{path} does not exist.</source>
        <translation>{path} 不存在。</translation>
    </message>
    <message>
        <source>Permission denied while opening {path}.</source>
        <translation>開啟 {path} 時權限遭拒。</translation>
    </message>
    <message>
        <source>{path} is part of a symbolic link loop.</source>
        <translation>{path} 處於符號連結迴圈中。</translation>
    </message>
    <message>
        <source>{path} is longer than this system allows.</source>
        <translation>{path} 超出了本系統允許的長度。</translation>
    </message>
    <message>
        <source>A part of {path} is a file, not a folder.</source>
        <translation>{path} 中的某一部分是檔案，而不是資料夾。</translation>
    </message>
    <message>
        <source>{path} cannot be used: {reason}.</source>
        <translation>無法使用 {path}：{reason}。</translation>
    </message>
    <message>
        <source>{path} is neither a folder nor a regular file.</source>
        <translation>{path} 既不是資料夾，也不是一般檔案。</translation>
    </message>
    <message>
        <source>{path} is one of the system&apos;s virtual folders (/proc, /sys, /dev), which cannot be shared.</source>
        <translation>{path} 是系統的虛擬資料夾之一（/proc、/sys、/dev），不能共用。</translation>
    </message>
    <message>
        <source>{uri} does not name a folder; write it as file:///path/to/folder.</source>
        <translation>{uri} 沒有指明資料夾；請寫成 file:///path/to/folder。</translation>
    </message>
    <message>
        <source>{path} is the root of a whole drive.</source>
        <translation>{path} 是整個磁碟的根目錄。</translation>
    </message>
    <message>
        <source>{path} is your whole home folder.</source>
        <translation>{path} 是你的整個家目錄。</translation>
    </message>
    <message>
        <source>{path} is a whole home folder.</source>
        <translation>{path} 是某位使用者的整個家目錄。</translation>
    </message>
    <message>
        <source>{path} holds keys or credentials.</source>
        <translation>{path} 存放著金鑰或憑證。</translation>
    </message>
    <message>
        <source>{path} is a system folder.</source>
        <translation>{path} 是系統資料夾。</translation>
    </message>
    <message>
        <source>{path} holds a web browser&apos;s profile (cookies, saved passwords).</source>
        <translation>{path} 存放著網頁瀏覽器的設定檔（Cookie、已儲存的密碼）。</translation>
    </message>
    <message>
        <source>{path} holds downloaded packages and caches, often with access tokens.</source>
        <translation>{path} 存放著下載的套件和快取，其中常含存取權杖。</translation>
    </message>
    <message>
        <source>{path} holds every program&apos;s settings and data.</source>
        <translation>{path} 存放著所有程式的設定和資料。</translation>
    </message>
    <message>
        <source>{path} holds many other folders, possibly other users&apos; files.</source>
        <translation>{path} 包含許多其他資料夾，可能還有其他使用者的檔案。</translation>
    </message>
    <message>
        <source>{path} is already shared as &apos;{name}&apos;.</source>
        <translation>{path} 已以「{name}」共用。</translation>
    </message>
    <message>
        <source>{path} is inside &apos;{name}&apos; ({other}), which is already shared.</source>
        <translation>{path} 位於已共用的「{name}」（{other}）之內。</translation>
    </message>
    <message>
        <source>{path} contains &apos;{name}&apos; ({other}), which is already shared.</source>
        <translation>{path} 包含已共用的「{name}」（{other}）。</translation>
    </message>
    <message>
        <source>{path} is too broad to share without confirmation ({why}); add --allow-broad to share it anyway.</source>
        <translation>{path} 範圍太廣（{why}），未經確認不能共用；如仍要共用，請加上 --allow-broad。</translation>
    </message>
    <message>
        <source>{path} holds Rootkeeper&apos;s own settings or state, which no server may see.</source>
        <translation>{path} 存放著 Rootkeeper 自己的設定或狀態，任何伺服器都不能看到。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; looks like a path; pick a name without &apos;/&apos;, &apos;~&apos; or &apos;file:&apos;.</source>
        <translation>「{name}」看起來像路徑；請選一個不含「/」、「~」或「file:」的名稱。</translation>
    </message>
    <message>
        <source>A root&apos;s name cannot be empty.</source>
        <translation>共用資料夾的名稱不能為空。</translation>
    </message>
    <message>
        <source>{path} is readable.</source>
        <translation>{path} 可以讀取。</translation>
    </message>
    <message>
        <source>{path} does not exist (deleted, renamed or unmounted).</source>
        <translation>{path} 不存在（已被刪除、重新命名或卸載）。</translation>
    </message>
    <message>
        <source>{path} is not a folder any more.</source>
        <translation>{path} 已不再是資料夾。</translation>
    </message>
    <message>
        <source>{path} was shared as a file but is now a folder.</source>
        <translation>{path} 以檔案的形式共用，但現在是資料夾。</translation>
    </message>
    <message>
        <source>Rootkeeper is not allowed to open {path}.</source>
        <translation>Rootkeeper 無權開啟 {path}。</translation>
    </message>
    <message>
        <source>Several roots are named &apos;{name}&apos; ({ids}); use the id instead.</source>
        <translation>有多個共用資料夾名為「{name}」（{ids}）；請改用其編號。</translation>
    </message>
    <message>
        <source>No shared folder matches &apos;{selector}&apos;; see &apos;rootkeeper roots list&apos;.</source>
        <translation>沒有與「{selector}」相符的共用資料夾。</translation>
    </message>
    <message>
        <source>Say which folders to share.</source>
        <translation>請說明要共用哪些資料夾。</translation>
    </message>
    <message>
        <source>{path} is shared, but Rootkeeper cannot read it now ({status}); servers will not see it until it can.</source>
        <translation>{path} 已共用，但 Rootkeeper 現在無法讀取它（{status}）；在可以讀取之前，伺服器看不到它。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is now read-only for confined servers; servers that are not confined can still change it.</source>
        <translation>「{name}」現在對受限執行的伺服器唯讀；未受限的伺服器仍可修改它。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is no longer read-only: confined servers given it can change it again.</source>
        <translation>「{name}」不再唯讀：分配到它的受限伺服器可以再次修改它。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is inside &apos;{other}&apos;, which is not read-only: a confined server given both can still change it.</source>
        <translation>「{name}」位於「{other}」之內，而後者不是唯讀的：同時分配到兩者的受限伺服器仍可修改它。</translation>
    </message>
    <message>
        <source>Read-only holds for confined servers only: the system lets them read the folder but not change, create, rename or delete anything in it. Servers that are only told about folders can still change it.</source>
        <translation>唯讀只對受限執行的伺服器有效：系統允許它們讀取該資料夾，但不允許在其中修改、建立、重新命名或刪除任何內容。僅被告知資料夾的伺服器仍可修改它。</translation>
    </message>
    <message>
        <source>A server named &apos;{name}&apos; already exists; remove it first or pick another name.</source>
        <translation>已有名為「{name}」的伺服器；請先將其移除，或換一個名稱。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is not a valid server name; use letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;.</source>
        <translation>「{name}」不是有效的伺服器名稱；請使用字母、數字、「.」、「_」或「-」。</translation>
    </message>
    <message>
        <source>No server is named &apos;{name}&apos;; see &apos;rootkeeper servers list&apos;.</source>
        <translation>沒有名為「{name}」的伺服器。</translation>
    </message>
    <message>
        <source>&apos;{url}&apos; is not an http:// or https:// URL.</source>
        <translation>「{url}」不是 http:// 或 https:// 網址。</translation>
    </message>
    <message>
        <source>Say which command starts the server.</source>
        <translation>請說明啟動伺服器的指令。</translation>
    </message>
    <message>
        <source>A server&apos;s command, arguments and environment cannot contain a NUL byte.</source>
        <translation>伺服器的命令、參數和環境變數不能包含 NUL 位元組。</translation>
    </message>
    <message>
        <source>&apos;{url}&apos; contains a space, tab or line break; percent-encode it (%20) or remove it.</source>
        <translation>「{url}」包含空格、定位字元或換行符號；請對其進行百分比編碼（%20）或刪除。</translation>
    </message>
    <message>
        <source>&apos;{url}&apos; has the port {port}; a port is a number from 1 to 65535.</source>
        <translation>「{url}」的連接埠是 {port}；連接埠必須是 1 到 65535 之間的數字。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is not a valid HTTP header name; use letters, digits and &apos;-&apos;, without spaces or colons.</source>
        <translation>「{name}」不是有效的 HTTP 標頭名稱；請使用字母、數字和「-」，不要包含空格或冒號。</translation>
    </message>
    <message>
        <source>The value of the header &apos;{name}&apos; contains a line break, which HTTP does not allow.</source>
        <translation>標頭「{name}」的值包含換行符號，HTTP 不允許這樣。</translation>
    </message>
    <message>
        <source>The working folder {cwd} does not exist.</source>
        <translation>工作資料夾 {cwd} 不存在。</translation>
    </message>
    <message>
        <source>&apos;{era}&apos; is not a protocol era; use auto, 2025-11-25 or 2026-07-28.</source>
        <translation>「{era}」不是協定版本；請使用 auto、2025-11-25 或 2026-07-28。</translation>
    </message>
    <message>
        <source>Say what to share: all, none, or a comma-separated list of roots.</source>
        <translation>請說明要共用的內容：全部（all）、不共用（none），或以逗號分隔的共用資料夾清單。</translation>
    </message>
    <message>
        <source>&apos;{value}&apos; is not a roots source; use rootkeeper, host or merge.</source>
        <translation>「{value}」不是可用的根目錄來源；請使用 rootkeeper、host 或 merge。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is reached by URL and has no command line with folders of its own.</source>
        <translation>「{name}」透過 URL 連線，沒有帶有自身資料夾的命令列。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; names folders on its command line ({folders}). Give it the folders you share in their place, so it sees only what you allow, and nothing while paused or waiting for your consent?</source>
        <translation>「{name}」的命令列中寫有資料夾（{folders}）。要改為給它你共用的資料夾，使它只看到你允許的內容，並在暫停或等待你同意時什麼也看不到嗎？</translation>
    </message>
    <message>
        <source>Before: {command}</source>
        <translation>之前：{command}</translation>
    </message>
    <message>
        <source>After: {command}</source>
        <translation>之後：{command}</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is given the folders you share in place of {folders}.</source>
        <translation>「{name}」改為取得你共用的資料夾，取代 {folders}。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; keeps its own folders ({folders}): it sees them whatever you share, even while paused.</source>
        <translation>「{name}」保留自己的資料夾（{folders}）：無論你共用什麼，甚至在暫停時，它都能看到這些資料夾。</translation>
    </message>
    <message>
        <source>Not shared yet: {folders}. Share them now?</source>
        <translation>尚未共用：{folders}。現在共用它們嗎？</translation>
    </message>
    <message>
        <source>Say which local folder the server sees as {remote}.</source>
        <translation>請說明伺服器視為 {remote} 的是哪個本機資料夾。</translation>
    </message>
    <message>
        <source>The path the server sees, &apos;{remote}&apos;, must be absolute (like /workspace).</source>
        <translation>伺服器看到的路徑「{remote}」必須是絕對路徑（例如 /workspace）。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is not given {folders} on its command line where folders are joined: the path holds the separator and would read as other folders.</source>
        <translation>「{name}」的命令列中串接資料夾的位置不會傳入 {folders}：該路徑含有分隔符號，會被讀成其他資料夾。</translation>
    </message>
    <message>
        <source>The path the server sees, {remote}, holds a line break or another control character; type it on one line.</source>
        <translation>伺服器看到的路徑 {remote} 含有換行或其他控制字元；請在一行內輸入。</translation>
    </message>
    <message>
        <source>{path} is mapped twice; give each local folder one alias.</source>
        <translation>{path} 被對應了兩次；每個本機資料夾只能有一個別名。</translation>
    </message>
    <message>
        <source>&apos;{item}&apos; is not of the form LOCAL=REMOTE (for example ~/projects=/workspace).</source>
        <translation>「{item}」不符合 LOCAL=REMOTE 的格式（例如 ~/projects=/workspace）。</translation>
    </message>
    <message>
        <source>The settings file was written by a newer Rootkeeper (format {version}, this one reads up to {supported}); update Rootkeeper to use it.</source>
        <translation>設定檔由較新版本的 Rootkeeper 寫入（格式 {version}，此版本最多讀取 {supported}）；請更新 Rootkeeper 後再使用。</translation>
    </message>
    <message>
        <source>The settings file {path} is a folder, not a file; move it away.</source>
        <translation>設定檔 {path} 是資料夾而不是檔案；請將其移走。</translation>
    </message>
    <message>
        <source>The settings file {path} cannot be read ({reason}); fix its permissions.</source>
        <translation>無法讀取設定檔 {path}（{reason}）；請修正其權限。</translation>
    </message>
    <message>
        <source>Cannot create the settings folder {path} ({reason}).</source>
        <translation>無法建立設定資料夾 {path}（{reason}）。</translation>
    </message>
    <message>
        <source>Cannot open the lock file {path} ({reason}).</source>
        <translation>無法開啟鎖定檔 {path}（{reason}）。</translation>
    </message>
    <message>
        <source>Nothing was changed: the settings file {path} cannot be saved ({reason}).</source>
        <translation>未做任何變更：無法儲存設定檔 {path}（{reason}）。</translation>
    </message>
    <message>
        <source>Another Rootkeeper process has held {path} for too long.</source>
        <translation>另一個 Rootkeeper 行程佔用 {path} 的時間過長。</translation>
    </message>
    <message>
        <source>ROOTKEEPER_HOME must be an absolute path, and &apos;{value}&apos; is not one.</source>
        <translation>ROOTKEEPER_HOME 必須是絕對路徑，而「{value}」不是。</translation>
    </message>
    <message>
        <source>The policy {source} named by ROOTKEEPER_POLICY does not exist; nothing is shared until it does or the variable is removed.</source>
        <translation>ROOTKEEPER_POLICY 指定的原則 {source} 不存在；在它存在或移除該變數之前，不會共用任何內容。</translation>
    </message>
    <message>
        <source>The policy {source} can be changed by someone other than the administrator, so it is refused and nothing is shared.</source>
        <translation>原則 {source} 可被管理員以外的人修改，因此已被拒絕，不會共用任何內容。</translation>
    </message>
    <message>
        <source>It ran tool calls without asking for its folders. If it asks for them only when it connects, this lets it see them: {command}</source>
        <translation>它執行了工具呼叫，卻從未詢問它的資料夾。如果它只在連線時詢問，這樣可以讓它看到這些資料夾：{command}</translation>
    </message>
    <message>
        <source>The settings file said things Rootkeeper had to repair; its original is kept at {path}.</source>
        <translation>設定檔中有 Rootkeeper 必須修復的內容；其原始檔案保存在 {path}。</translation>
    </message>
    <message>
        <source>The history file was damaged and has been moved to {path}; Rootkeeper started a new one.</source>
        <translation>歷史記錄檔已損壞，已移至 {path}；Rootkeeper 已新建一個。</translation>
    </message>
    <message>
        <source>Sharing with {server} is paused in Rootkeeper.</source>
        <translation>Rootkeeper 中與 {server} 的共享已暫停。</translation>
    </message>
    <message>
        <source>{server} is waiting for your consent in Rootkeeper: it sees no folder until you decide.</source>
        <translation>{server} 正在 Rootkeeper 中等待你的同意：在你決定之前，它看不到任何資料夾。</translation>
    </message>
    <message>
        <source>Rootkeeper shares no folder with {server} right now.</source>
        <translation>Rootkeeper 目前沒有與 {server} 共享任何資料夾。</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>參數</translation>
    </message>
    <message>
        <source>Started with exactly the shared folders, and restarted when they change.</source>
        <translation>啟動時只取得共享的資料夾，資料夾變更時會重新啟動。</translation>
    </message>
    <message>
        <source>Told</source>
        <translation>已告知</translation>
    </message>
    <message>
        <source>Asks for its folders and follows every change.</source>
        <translation>會詢問它的資料夾，並跟隨每次變更。</translation>
    </message>
    <message>
        <source>Told at connect</source>
        <translation>連線時告知</translation>
    </message>
    <message>
        <source>Asks for its folders only when it connects: Rootkeeper reconnects it when they change.</source>
        <translation>只在連線時詢問它的資料夾：資料夾變更時 Rootkeeper 會重新連線它。</translation>
    </message>
    <message>
        <source>Not told</source>
        <translation>未告知</translation>
    </message>
    <message>
        <source>Never asks for its folders: it sees only what its own configuration gives it.</source>
        <translation>從不詢問它的資料夾：它只看到自己的設定給它的內容。</translation>
    </message>
    <message>
        <source>Keeps its own folders</source>
        <translation>保留自己的資料夾</translation>
    </message>
    <message>
        <source>It serves {folders} whatever the list says.</source>
        <translation>無論清單如何，它都會提供 {folders}。</translation>
    </message>
    <message>
        <source>Not known yet</source>
        <translation>尚不清楚</translation>
    </message>
    <message>
        <source>Rootkeeper has not yet seen whether it asks for its folders.</source>
        <translation>Rootkeeper 尚未看到它是否會詢問它的資料夾。</translation>
    </message>
    <message>
        <source>Confined</source>
        <translation>受限執行</translation>
    </message>
    <message>
        <source>Runs confined: the system refuses it every file of yours outside its folders, and it is restarted when they change.</source>
        <translation>受限執行：系統拒絕它存取其資料夾以外的任何您的檔案；資料夾變更時它會重新啟動。</translation>
    </message>
    <message>
        <source>{server} can read and change: {folders}; can read: the system and its own program; cannot see anything else in your home.</source>
        <translation>{server} 可以讀取和修改：{folders}；可以讀取：系統及其本身程式；看不到您家目錄中的其他任何內容。</translation>
    </message>
    <message>
        <source>{server} can read and change: {folders}; can read: {read_only}, the system and its own program; cannot see anything else in your home.</source>
        <translation>{server} 可以讀取和修改：{folders}；可以讀取：{read_only}、系統及其本身程式；看不到您家目錄中的其他任何內容。</translation>
    </message>
    <message>
        <source>{server} can read: {read_only}, the system and its own program; cannot change or see anything else in your home.</source>
        <translation>{server} 可以讀取：{read_only}、系統及其本身程式；不能修改或看到您家目錄中的其他任何內容。</translation>
    </message>
    <message>
        <source>{server} can read: the system and its own program; cannot see any folder of yours.</source>
        <translation>{server} 可以讀取：系統及其本身程式；看不到您的任何資料夾。</translation>
    </message>
    <message>
        <source>{command} was not started: it is set to run confined, and this system&apos;s kernel offers no Landlock to confine it (turn confinement off for this server to run it unconfined).</source>
        <translation>{command} 未啟動：它被設定為受限執行，而本系統的核心不提供 Landlock 來限制它（為此伺服器關閉限制即可不受限地執行它）。</translation>
    </message>
    <message>
        <source>{command} was not started: it is set to run confined, and this kernel&apos;s Landlock (version {abi}) is older than the version {needed} its folders need (turn confinement off for this server to run it unconfined).</source>
        <translation>{command} 未啟動：它被設定為受限執行，而此核心的 Landlock（版本 {abi}）低於其資料夾所需的版本 {needed}（為此伺服器關閉限制即可不受限地執行它）。</translation>
    </message>
    <message>
        <source>{command} was not started: confining it failed ({reason}).</source>
        <translation>{command} 未啟動：限制它失敗（{reason}）。</translation>
    </message>
    <message>
        <source>{server} now runs confined to the folders it is given.</source>
        <translation>{server} 現在受限執行，只能存取分配給它的資料夾。</translation>
    </message>
    <message>
        <source>{server} now runs unconfined: it can reach every file you can.</source>
        <translation>{server} 現在不受限執行：它可以存取您能存取的每個檔案。</translation>
    </message>
    <message>
        <source>{server} is reached over HTTP: Rootkeeper does not start it, so it cannot confine it.</source>
        <translation>{server} 透過 HTTP 連線：Rootkeeper 不啟動它，因此無法限制它。</translation>
    </message>
    <message>
        <source>Servers cannot be confined on this system: it offers no Landlock.</source>
        <translation>此系統無法限制伺服器：它不提供 Landlock。</translation>
    </message>
    <message>
        <source>Servers cannot be confined on this system: it offers no sandbox-exec.</source>
        <translation>此系統無法限制伺服器：它沒有提供 sandbox-exec。</translation>
    </message>
    <message>
        <source>Not confined on Windows: Rootkeeper cannot limit what a server started there may touch.</source>
        <translation>在 Windows 上不受限：Rootkeeper 無法限制在那裡啟動的伺服器能存取的內容。</translation>
    </message>
    <message>
        <source>Not confined: it can reach every file you can. To confine it to its folders: {command}</source>
        <translation>未受限：它能存取你能存取的所有檔案。要將它限制在它的資料夾內：{command}</translation>
    </message>
    <message>
        <source>The network stays open to it.</source>
        <translation>網路對它仍然開放。</translation>
    </message>
    <message>
        <source>Runs confined. {summary} The network stays open to it.</source>
        <translation>受限執行。{summary} 網路對它仍然開放。</translation>
    </message>
    <message>
        <source>Gave up after waiting {seconds} s for {path}: other Rootkeeper processes kept changing the settings all that time; try again.</source>
        <translation>等待 {path} {seconds} 秒後放棄：其他 Rootkeeper 程序在此期間一直在變更設定；請重試。</translation>
    </message>
    <message>
        <source>Gave up after waiting {seconds} s for {path}: {holder} has held it all that time without saving anything.</source>
        <translation>等待 {path} {seconds} 秒後放棄：{holder} 一直佔用它，卻沒有儲存任何內容。</translation>
    </message>
    <message>
        <source>Rootkeeper runs, but a second start cannot bring its window forward: it cannot listen on {path} ({reason}).</source>
        <translation>Rootkeeper 正在執行，但再次啟動時無法將其視窗帶到前面：無法在 {path} 上監聽（{reason}）。</translation>
    </message>
    <message>
        <source>The settings file {path} is not a regular file; move it away.</source>
        <translation>設定檔 {path} 不是一般檔案；請將其移走。</translation>
    </message>
    <message>
        <source>The shared folder &apos;{name}&apos; had the location {uri}, which is not a local folder; it was dropped.</source>
        <translation>共用資料夾「{name}」的位置是 {uri}，這不是本機資料夾；已將其移除。</translation>
    </message>
    <message>
        <source>The shared folder &apos;{name}&apos; claimed the location {uri}, which is not its path {path}; the location was rebuilt from the path.</source>
        <translation>共用資料夾「{name}」聲稱位置為 {uri}，但這不是它的路徑 {path}；已根據路徑重建位置。</translation>
    </message>
    <message>
        <source>Two shared folders had the id {id}; &apos;{name}&apos; now has the id {new}.</source>
        <translation>有兩個共用資料夾的 ID 都是 {id}；「{name}」現在的 ID 是 {new}。</translation>
    </message>
    <message>
        <source>The settings file was damaged and has been moved to {path}; Rootkeeper started a new one.</source>
        <translation>設定檔已損毀，已移至 {path}；Rootkeeper 已建立新的設定檔。</translation>
    </message>
    <message>
        <source>Unexpected error: {error}.</source>
        <translation>非預期的錯誤：{error}。</translation>
    </message>
    <message>
        <source>The working directory &apos;{cwd}&apos; does not exist.</source>
        <translation>工作目錄「{cwd}」不存在。</translation>
    </message>
    <message>
        <source>Command &apos;{command}&apos; was not found.</source>
        <translation>找不到指令「{command}」。</translation>
    </message>
    <message>
        <source>Command &apos;{command}&apos; could not be run: permission denied.</source>
        <translation>無法執行指令「{command}」：權限遭拒。</translation>
    </message>
    <message>
        <source>Command &apos;{command}&apos; could not be started: {reason}.</source>
        <translation>無法啟動指令「{command}」：{reason}。</translation>
    </message>
    <message>
        <source>Connection refused by {where}.</source>
        <translation>{where} 拒絕了連線。</translation>
    </message>
    <message>
        <source>Could not connect to {where}: {reason}.</source>
        <translation>無法連線到 {where}：{reason}。</translation>
    </message>
    <message>
        <source>The connection to {where} failed: {reason}.</source>
        <translation>與 {where} 的連線失敗：{reason}。</translation>
    </message>
    <message>
        <source>The server answered with error {code}: {reason}.</source>
        <translation>伺服器回傳錯誤 {code}：{reason}。</translation>
    </message>
    <message>
        <source>The server only speaks protocol versions Rootkeeper does not know ({versions}).</source>
        <translation>伺服器只支援 Rootkeeper 不認得的協定版本（{versions}）。</translation>
    </message>
    <message>
        <source>The server offered a protocol version Rootkeeper does not support ({reason}).</source>
        <translation>伺服器提供的協定版本 Rootkeeper 不支援（{reason}）。</translation>
    </message>
    <message>
        <source>The server sent a reply that does not follow the MCP schema.</source>
        <translation>伺服器傳來的回覆不符合 MCP 規格。</translation>
    </message>
    <message>
        <source>The server closed the connection.</source>
        <translation>伺服器關閉了連線。</translation>
    </message>
    <message>
        <source>The server closed the connection; its log ends with “{log_tail}”.</source>
        <translation>伺服器關閉了連線；其記錄最後一行是「{log_tail}」。</translation>
    </message>
    <message>
        <source>The server closed the connection; its log says “{cause}”.</source>
        <translation>伺服器關閉了連線；其記錄顯示「{cause}」。</translation>
    </message>
    <message>
        <source>The server exited with code {code}; its log says “{cause}”.</source>
        <translation>伺服器已結束，結束碼 {code}；其記錄顯示「{cause}」。</translation>
    </message>
    <message>
        <source>The server exited with code {code}; its log ends with “{log_tail}”.</source>
        <translation>伺服器已結束，結束碼 {code}；其記錄最後一行是「{log_tail}」。</translation>
    </message>
    <message>
        <source>The server was stopped by signal {signal}; its log says “{cause}”.</source>
        <translation>伺服器被訊號 {signal} 終止；其記錄顯示「{cause}」。</translation>
    </message>
    <message>
        <source>The server did not answer within {seconds} s.</source>
        <translation>伺服器在 {seconds} 秒內沒有回應。</translation>
    </message>
    <message>
        <source>The server wrote something that is not JSON-RPC on stdout.</source>
        <translation>伺服器在標準輸出上寫入了不是 JSON-RPC 的內容。</translation>
    </message>
    <message>
        <source>The server sent something that is not JSON-RPC.</source>
        <translation>伺服器傳來了不是 JSON-RPC 的內容。</translation>
    </message>
    <message>
        <source>HTTP {status} {reason} from {url}.</source>
        <translation>{url} 回傳 HTTP {status}（{reason}）。</translation>
    </message>
    <message>
        <source>HTTP {status} from {url}.</source>
        <translation>{url} 回傳 HTTP {status}。</translation>
    </message>
    <message>
        <source>The server no longer knows this session (HTTP 404 from {url}); reconnecting.</source>
        <translation>伺服器已不認得這個工作階段（{url} 回傳 HTTP 404）；正在重新連線。</translation>
    </message>
    <message>
        <source>The server stopped answering at {where}.</source>
        <translation>{where} 上的伺服器不再回應。</translation>
    </message>
    <message>
        <source>The server is not connected.</source>
        <translation>伺服器未連線。</translation>
    </message>
    <message>
        <source>The server is {state}.</source>
        <translation>伺服器狀態：{state}。</translation>
    </message>
    <message>
        <source>The server did not connect within {seconds} s.</source>
        <translation>伺服器在 {seconds} 秒內沒有連上。</translation>
    </message>
    <message>
        <source>The connection closed before the server answered.</source>
        <translation>伺服器回應之前連線就已關閉。</translation>
    </message>
    <message>
        <source>Rootkeeper could not build the roots list.</source>
        <translation>Rootkeeper 無法產生根目錄清單。</translation>
    </message>
    <message>
        <source>The server asked for the shared folders, and Rootkeeper refused: nothing is shared with this server.</source>
        <translation>伺服器要求查看共用資料夾，Rootkeeper 已拒絕：沒有與此伺服器共用任何內容。</translation>
    </message>
    <message>
        <source>The server wrote a message larger than {limit} MiB, so Rootkeeper disconnected it.</source>
        <translation>伺服器寫入了大於 {limit} MiB 的訊息，因此 Rootkeeper 已中斷與它的連線。</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>未啟動</translation>
    </message>
    <message>
        <source>Held back</source>
        <translation>已暫緩</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>已停用</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在連線…</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>已連線</translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation>正在重新連線</translation>
    </message>
    <message>
        <source>Needs your attention</source>
        <translation>需要您處理</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>It failed {count} times in a row the same way, so Rootkeeper stopped retrying: this will not fix itself. Check the server&apos;s command, then reconnect it.</source>
        <translation>它以相同的方式連續失敗了 {count} 次，因此 Rootkeeper 已停止重試：這不會自行恢復。請檢查該伺服器的命令，然後重新連線。</translation>
    </message>
    <message>
        <source>Rootkeeper stopped retrying: this will not fix itself. Check the server&apos;s settings, then reconnect it.</source>
        <translation>Rootkeeper 已停止重試：這不會自行恢復。請檢查該伺服器的設定，然後重新連線。</translation>
    </message>
    <message>
        <source>Another Rootkeeper process already keeps the servers connected; stop it first.</source>
        <translation>另一個 Rootkeeper 行程已在維持伺服器連線；請先停止它。</translation>
    </message>
    <message>
        <source>The Rootkeeper tray app already keeps the servers connected (process {pid}); quit it first.</source>
        <translation>Rootkeeper 系統匣程式已在維持伺服器連線（行程 {pid}）；請先結束它。</translation>
    </message>
    <message>
        <source>A headless Rootkeeper hub already keeps the servers connected (process {pid}); stop it first.</source>
        <translation>一個無介面的 Rootkeeper 中樞已在維持伺服器連線（行程 {pid}）；請先停止它。</translation>
    </message>
    <message>
        <source>Cannot open the hub lock {path} ({reason}); check the state folder&apos;s permissions.</source>
        <translation>無法開啟中樞鎖定檔 {path}（{reason}）；請檢查狀態資料夾的權限。</translation>
    </message>
    <message>
        <source>&apos;{host}&apos; is not a host Rootkeeper knows; use one of {hosts}.</source>
        <translation>「{host}」不是 Rootkeeper 認得的 AI 主機程式；請使用 {hosts} 之一。</translation>
    </message>
    <message>
        <source>The name of {path} does not tell which host it belongs to; say it with --host ({hosts}).</source>
        <translation>從 {path} 的名稱看不出它屬於哪個主機程式；請用 --host 指明（{hosts}）。</translation>
    </message>
    <message>
        <source>The {host} config {path} cannot be read ({reason}); fix it first, it was left untouched.</source>
        <translation>無法讀取 {host} 的設定檔 {path}（{reason}）；請先修正它，該檔案未被更動。</translation>
    </message>
    <message>
        <source>Rootkeeper cannot safely edit the entry &apos;{entry}&apos; in the {host} config {path} ({reason}); the file was left untouched.</source>
        <translation>Rootkeeper 無法安全地修改 {host} 設定 {path} 中的項目 「{entry}」（{reason}）；檔案未被變更。</translation>
    </message>
    <message>
        <source>{host} has no server named {names}; it has: {known}.</source>
        <translation>{host} 中沒有名為 {names} 的伺服器；它有：{known}。</translation>
    </message>
    <message>
        <source>Rootkeeper&apos;s record of host changes {path} cannot be read ({reason}); restore the host files from their backups.</source>
        <translation>無法讀取 Rootkeeper 對主機程式設定的修改紀錄 {path}（{reason}）；請從備份還原這些設定檔。</translation>
    </message>
    <message>
        <source>{path} changed while Rootkeeper was editing it; nothing was written, run the command again.</source>
        <translation>{path} 在 Rootkeeper 編輯期間被更動；未寫入任何內容，請重新執行該指令。</translation>
    </message>
    <message>
        <source>{path} is read-only; Rootkeeper left it as it is (make it writable to route its servers).</source>
        <translation>{path} 是唯讀的；Rootkeeper 沒有變更它（使其可寫入後才能為其伺服器轉接）。</translation>
    </message>
    <message>
        <source>{path} has other hard links, which a rewrite would separate from it; Rootkeeper left it as it is.</source>
        <translation>{path} 還有其他硬連結，重寫會使它們與之分離；Rootkeeper 沒有變更它。</translation>
    </message>
    <message>
        <source>Left {path} as it is: it belongs to this project and is shared with whoever checks it out; add --project to route it too, with an entry that works on their machines.</source>
        <translation>{path} 保持原樣：它屬於這個專案，會與每個簽出專案的人共用；加上 --project 也可為它轉接，寫入的項目在他們的電腦上同樣可用。</translation>
    </message>
    <message>
        <source>The entries written start Rootkeeper from the development copy in {folder}; they stop working if it is moved or deleted. Install Rootkeeper (its package, or pipx) for entries that last.</source>
        <translation>寫入的項目從 {folder} 中的開發副本啟動 Rootkeeper；該資料夾被移動或刪除後它們就會失效。請安裝 Rootkeeper（安裝套件或 pipx），讓項目長期有效。</translation>
    </message>
    <message>
        <source>{path} could not be rewritten ({reason}); it was left as it was.</source>
        <translation>無法重寫 {path}（{reason}）；它維持原樣。</translation>
    </message>
    <message>
        <source>No keyring is available, so server secrets are kept in {path}, readable only by you.</source>
        <translation>沒有可用的金鑰圈，因此伺服器機密保存在 {path} 中，只有你能讀取。</translation>
    </message>
    <message>
        <source>The keyring refused a server secret ({reason}), so it is kept in {path}, readable only by you.</source>
        <translation>金鑰圈拒絕了一個伺服器機密（{reason}），因此它保存在 {path} 中，只有你能讀取。</translation>
    </message>
    <message>
        <source>The secrets of {servers} were moved out of the settings file into the keyring.</source>
        <translation>{servers} 的機密已從設定檔移到金鑰圈中。</translation>
    </message>
    <message>
        <source>The secrets of {servers} were moved out of the settings file into {path}, readable only by you.</source>
        <translation>{servers} 的機密已從設定檔移到 {path} 中，只有你能讀取。</translation>
    </message>
    <message>
        <source>A secret value of this server is missing from the keyring; enter it again in its settings.</source>
        <translation>金鑰圈中缺少此伺服器的一個機密值；請在它的設定中重新輸入。</translation>
    </message>
    <message>
        <source>A secret value of this server is missing from {path}; enter it again in its settings.</source>
        <translation>{path} 中缺少此伺服器的一個機密值；請在它的設定中重新輸入。</translation>
    </message>
    <message>
        <source>A secret value of this server is in the keyring, and no keyring can be reached from here.</source>
        <translation>此伺服器的一個機密值在金鑰圈中，但從這裡無法存取任何金鑰圈。</translation>
    </message>
    <message>
        <source>A secret value of this server cannot be read from the keyring ({reason}).</source>
        <translation>無法從金鑰圈讀取此伺服器的一個機密值（{reason}）。</translation>
    </message>
    <message>
        <source>The secrets file {path} cannot be read ({reason}).</source>
        <translation>無法讀取機密檔案 {path}（{reason}）。</translation>
    </message>
    <message>
        <source>{path} may not be shared: the administrator&apos;s policy ({source}) forbids {rule}.</source>
        <translation>{path} 不能共用：管理員的原則（{source}）禁止 {rule}。</translation>
    </message>
    <message>
        <source>{path} may not be shared: the administrator&apos;s policy ({source}) allows only folders in {allowed}.</source>
        <translation>{path} 不能共用：管理員的原則（{source}）只允許共用 {allowed} 中的資料夾。</translation>
    </message>
    <message>
        <source>The server &apos;{name}&apos; is not allowed by the administrator&apos;s policy ({source}, rule: {rule}).</source>
        <translation>管理員的原則（{source}，規則：{rule}）不允許伺服器「{name}」。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; may not see any folder: the administrator&apos;s policy ({source}) says it shares nothing.</source>
        <translation>「{name}」不能看到任何資料夾：管理員的原則（{source}）規定它不共用任何內容。</translation>
    </message>
    <message>
        <source>Sharing cannot be paused: the administrator&apos;s policy ({source}) does not allow it.</source>
        <translation>不能暫停共用：管理員的原則（{source}）不允許。</translation>
    </message>
    <message>
        <source>The administrator&apos;s policy {source} cannot be used ({reason}); nothing is shared until it is fixed.</source>
        <translation>無法使用管理員的原則 {source}（{reason}）；在修正之前不會共用任何內容。</translation>
    </message>
    <message>
        <source>&apos;{value}&apos; is not a time; use a date (2026-12-01), a date and time (2026-12-01T10:30) or an age such as 30m, 12h or 7d.</source>
        <translation>「{value}」不是時間；請使用日期（2026-12-01）、日期和時間（2026-12-01T10:30）或時長，例如 30m、12h 或 7d。</translation>
    </message>
    <message>
        <source>The log level &apos;{value}&apos; is not one of {levels}.</source>
        <translation>記錄層級「{value}」不是 {levels} 之一。</translation>
    </message>
    <message>
        <source>{host} has no server named {names}; it has: none.</source>
        <translation>{host} 中沒有名為 {names} 的伺服器；它一個伺服器也沒有。</translation>
    </message>
    <message>
        <source>There is no command {command}; did you mean {close}?</source>
        <translation>沒有命令 {command}；您是不是要用 {close}？</translation>
    </message>
    <message>
        <source>There is no command {command}; the commands are {commands}.</source>
        <translation>沒有命令 {command}；可用的命令有 {commands}。</translation>
    </message>
    <message>
        <source>Rootkeeper is running in your tray.</source>
        <translation>Rootkeeper 正在系統匣中執行。</translation>
    </message>
    <message>
        <source>--name can only be used when adding one path.</source>
        <translation>只有在新增一個路徑時才能使用 --name。</translation>
    </message>
    <message>
        <source>Give LOCAL=REMOTE pairs, or --clear, but not both.</source>
        <translation>請給出 LOCAL=REMOTE 配對，或是 --clear，但不要兩者都給。</translation>
    </message>
    <message>
        <source>--args is not valid JSON ({reason} at position {position}).</source>
        <translation>--args 不是有效的 JSON（位置 {position}：{reason}）。</translation>
    </message>
    <message>
        <source>--args must be a JSON object, for example &apos;{&quot;path&quot;: &quot;/tmp&quot;}&apos;.</source>
        <translation>--args 必須是 JSON 物件，例如 {&quot;path&quot;: &quot;/tmp&quot;}。</translation>
    </message>
    <message>
        <source>The history is locked by another process; try again in a moment.</source>
        <translation>歷史記錄被另一個程序鎖定；請稍後再試。</translation>
    </message>
    <message>
        <source>The history {path} cannot be read ({reason}).</source>
        <translation>無法讀取歷史記錄 {path}（{reason}）。</translation>
    </message>
    <message>
        <source>--limit must be a whole number from 0 to {most}.</source>
        <translation>--limit 必須是 0 到 {most} 之間的整數。</translation>
    </message>
    <message>
        <source>There is no file at {path}.</source>
        <translation>{path} 沒有檔案。</translation>
    </message>
    <message>
        <source>Name a host ({hosts}) or give a config file.</source>
        <translation>請指明一個主機程式（{hosts}）或給出一個設定檔。</translation>
    </message>
    <message>
        <source>No {host} config was found (looked for {looked}).</source>
        <translation>找不到 {host} 的設定檔（找過 {looked}）。</translation>
    </message>
    <message>
        <source>A {host} has no place of its own; give its path.</source>
        <translation>{host}沒有固定的存放位置；請提供它的路徑。</translation>
    </message>
    <message>
        <source>Header {item} is not of the form KEY=VALUE.</source>
        <translation>標頭 {item} 不是 KEY=VALUE 的形式。</translation>
    </message>
    <message>
        <source>Variable {item} is not of the form KEY=VALUE.</source>
        <translation>變數 {item} 不是 KEY=VALUE 的形式。</translation>
    </message>
    <message>
        <source>Give either --url URL or -- COMMAND, not both.</source>
        <translation>請給出 --url URL 或 -- COMMAND 其中之一，不要兩者都給。</translation>
    </message>
    <message>
        <source>--env and --cwd apply to command servers, not to --url servers.</source>
        <translation>--env 與 --cwd 只適用於以指令啟動的伺服器，不適用於 --url 伺服器。</translation>
    </message>
    <message>
        <source>Say how to reach the server: --url URL, or -- COMMAND [ARG...] at the end.</source>
        <translation>請說明如何連上伺服器：--url URL，或在最後寫 -- COMMAND [ARG...]。</translation>
    </message>
    <message>
        <source>--header applies to --url servers, not to command servers.</source>
        <translation>--header 只適用於 --url 伺服器，不適用於以指令啟動的伺服器。</translation>
    </message>
    <message>
        <source>Give either a server&apos;s NAME or -- COMMAND [ARG...], not both or neither.</source>
        <translation>請給出伺服器的 NAME 或 -- COMMAND [ARG...] 其中之一，不能兩者都給，也不能都不給。</translation>
    </message>
    <message>
        <source>--name names an ad-hoc server (-- COMMAND); a configured one already has its name.</source>
        <translation>--name 用來命名臨時伺服器（-- COMMAND）；已設定的伺服器已經有自己的名稱。</translation>
    </message>
    <message>
        <source>--confine and --no-confine decide how an ad-hoc server (-- COMMAND) is registered; a configured one is changed with: {command}</source>
        <translation>--confine 和 --no-confine 決定臨時伺服器（-- COMMAND）以何種方式登記；已設定的伺服器用以下指令變更：{command}</translation>
    </message>
    <message>
        <source>The tool &apos;{tool}&apos; reported an error: {detail}</source>
        <translation>工具「{tool}」回報了錯誤：{detail}</translation>
    </message>
    <message>
        <source>The tool &apos;{tool}&apos; reported an error: no details given</source>
        <translation>工具「{tool}」回報了錯誤，但沒有提供詳情</translation>
    </message>
    <message>
        <source>Interrupted after the change was saved; it is complete.</source>
        <translation>在變更儲存之後被中斷；變更是完整的。</translation>
    </message>
    <message>
        <source>Interrupted; nothing was changed.</source>
        <translation>已中斷；未做任何變更。</translation>
    </message>
    <message>
        <source>The change was saved, but its report could not be written ({reason}).</source>
        <translation>變更已儲存，但無法寫出其報告（{reason}）。</translation>
    </message>
    <message>
        <source>The output could not be written ({reason}); nothing was changed.</source>
        <translation>無法寫出輸出（{reason}）；未做任何變更。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; did not connect within {seconds} s.</source>
        <translation>「{name}」在 {seconds} 秒內沒有連上。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; did not answer the call to &apos;{tool}&apos; within {seconds} s.</source>
        <translation>「{name}」在 {seconds} 秒內沒有回應對「{tool}」的呼叫。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is unavailable: {reason}</source>
        <translation>「{name}」無法使用：{reason}</translation>
    </message>
    <message>
        <source>Calling &apos;{tool}&apos; on &apos;{name}&apos; failed: {reason}</source>
        <translation>在「{name}」上呼叫「{tool}」失敗：{reason}</translation>
    </message>
    <message>
        <source>A server named &apos;{name}&apos; already runs another command; pick another --name.</source>
        <translation>名為「{name}」的伺服器已經執行著另一個指令；請換一個 --name。</translation>
    </message>
    <message>
        <source>The server&apos;s command {command} was not found.</source>
        <translation>找不到伺服器的指令 {command}。</translation>
    </message>
    <message>
        <source>The server&apos;s command {command} cannot be run (permission denied).</source>
        <translation>無法執行伺服器的指令 {command}（權限遭拒）。</translation>
    </message>
    <message>
        <source>The server&apos;s command {command} could not start: {reason}.</source>
        <translation>伺服器的指令 {command} 無法啟動：{reason}。</translation>
    </message>
    <message>
        <source>This request id is in use by Rootkeeper&apos;s bridge.</source>
        <translation>這個請求 ID 正被 Rootkeeper 的橋接程式使用。</translation>
    </message>
    <message>
        <source>The server went away.</source>
        <translation>伺服器已斷開。</translation>
    </message>
    <message>
        <source>The server sent {what}, more than the bridge accepts; it was stopped.</source>
        <translation>伺服器傳送了 {what}，超出橋接程式能接受的上限；它已被停止。</translation>
    </message>
    <message>
        <source>The server cannot be reached: {reason}</source>
        <translation>無法連上伺服器：{reason}</translation>
    </message>
    <message>
        <source>The server lost the session (HTTP 404).</source>
        <translation>伺服器遺失了工作階段（HTTP 404）。</translation>
    </message>
    <message>
        <source>The server lost the session (HTTP 404) and did not accept a new one.</source>
        <translation>伺服器遺失了工作階段（HTTP 404），且不接受新的工作階段。</translation>
    </message>
    <message>
        <source>The server ended the answer&apos;s stream before the answer.</source>
        <translation>伺服器在給出回答之前結束了回答的串流。</translation>
    </message>
    <message>
        <source>The server answered HTTP {status}.</source>
        <translation>伺服器回傳了 HTTP {status}。</translation>
    </message>
    <message>
        <source>The bridge closed the HTTP session.</source>
        <translation>橋接程式關閉了 HTTP 工作階段。</translation>
    </message>
    <message>
        <source>The server kept asking for input after {rounds} rounds.</source>
        <translation>經過 {rounds} 輪之後，伺服器仍在要求輸入。</translation>
    </message>
    <message>
        <source>The server is not reading its input.</source>
        <translation>伺服器沒有讀取它的輸入。</translation>
    </message>
    <message>
        <source>server restarted, try again</source>
        <translation>伺服器已重新啟動，請重試</translation>
    </message>
    <message>
        <source>The server could not be restarted.</source>
        <translation>無法重新啟動伺服器。</translation>
    </message>
    <message>
        <source>The server was not started.</source>
        <translation>伺服器沒有啟動。</translation>
    </message>
    <message>
        <source>The server closed its output.</source>
        <translation>伺服器關閉了它的輸出。</translation>
    </message>
    <message>
        <source>The server was stopped by signal {signal}.</source>
        <translation>伺服器被訊號 {signal} 終止。</translation>
    </message>
    <message>
        <source>The server exited with code {code}.</source>
        <translation>伺服器已結束，結束代碼為 {code}。</translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>等另外 %n 個</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shared folder(s) became unavailable</source>
        <translation>
            <numerusform>%n 個共用資料夾變得無法使用</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 left the list servers see, until it comes back.</source>
        <translation>
            <numerusform>%1 已從伺服器看到的清單中移除，直到恢復為止。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shared folder(s) available again</source>
        <translation>
            <numerusform>%n 個共用資料夾已恢復可用</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is back in the list servers see.</source>
        <translation>
            <numerusform>%1 已重新出現在伺服器看到的清單中。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) failed</source>
        <translation>
            <numerusform>%n 個伺服器發生故障</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PasteDialog</name>
    <message>
        <source>Share a path</source>
        <translation>共用路徑</translation>
    </message>
    <message>
        <source>Paste or type the path of a folder or file. Quotes, spaces around it and file:// links are cleaned up; nothing is saved until you choose Share.</source>
        <translation>貼上或輸入資料夾或檔案的路徑。引號、前後空格和 file:// 連結會自動清理；在你選擇「共用」之前不會儲存任何內容。</translation>
    </message>
    <message>
        <source>For example ~/projects/website</source>
        <translation>例如 ~/projects/website</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>共用</translation>
    </message>
    <message>
        <source>Cleaned up:</source>
        <translation>清理後：</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>檔案：</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>資料夾：</translation>
    </message>
    <message>
        <source>Links to:</source>
        <translation>連結到：</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名稱：</translation>
    </message>
    <message>
        <source>This is already shared as &apos;%1&apos;.</source>
        <translation>它已經以「%1」的名稱共用。</translation>
    </message>
</context>
<context>
    <name>RootkeeperApp</name>
    <message>
        <source>The GUI settings file was damaged and has been moved to %1; defaults are used.</source>
        <translation>介面設定檔已損毀，已移至 %1；現使用預設設定。</translation>
    </message>
    <message>
        <source>Another Rootkeeper process keeps the servers connected and did not stop when asked, so this window does not connect them.</source>
        <translation>另一個 Rootkeeper 程序正在保持伺服器連線，且未依要求停止，因此此視窗不連線伺服器。</translation>
    </message>
    <message>
        <source>Rootkeeper keeps running</source>
        <translation>Rootkeeper 仍在執行</translation>
    </message>
    <message>
        <source>Servers stay informed while the window is closed. Use the tray icon to open it or to quit.</source>
        <translation>視窗關閉後，伺服器仍會收到更新。使用系統匣圖示可以重新開啟視窗或結束。</translation>
    </message>
</context>
<context>
    <name>RootsPage</name>
    <message>
        <source>Remove the selected folders from the list; no files are deleted.</source>
        <translation>從清單中移除所選資料夾；不會刪除任何檔案。</translation>
    </message>
    <message>
        <source>&amp;Turn off (keep in the list)</source>
        <translation>關閉(&amp;T)（保留在清單中）</translation>
    </message>
    <message>
        <source>&amp;Turn on</source>
        <translation>開啟(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Share a folder…</source>
        <translation>共用資料夾(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Paste a path…</source>
        <translation>貼上路徑(&amp;P)…</translation>
    </message>
    <message>
        <source>S&amp;top sharing</source>
        <translation>停止共用(&amp;T)</translation>
    </message>
    <message>
        <source>S&amp;top sharing…</source>
        <translation>停止共用(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Check now</source>
        <translation>立即檢查(&amp;C)</translation>
    </message>
    <message>
        <source>Check again that every shared folder can be opened.</source>
        <translation>重新檢查每個共用資料夾是否可以開啟。</translation>
    </message>
    <message>
        <source>Su&amp;ggested</source>
        <translation>建議(&amp;G)</translation>
    </message>
    <message>
        <source>Repositories and recent editor projects on this computer; nothing is shared until you pick one.</source>
        <translation>這台電腦上的程式碼儲存庫和編輯器最近開啟的專案；在你選取之前不會共用任何資料夾。</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>重新命名(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Open in the file manager</source>
        <translation>在檔案管理員中開啟(&amp;O)</translation>
    </message>
    <message>
        <source>Copy &amp;path</source>
        <translation>複製路徑(&amp;P)</translation>
    </message>
    <message>
        <source>Copy &amp;URI</source>
        <translation>複製 URI(&amp;U)</translation>
    </message>
    <message>
        <source>Filter (Ctrl+F)</source>
        <translation>篩選（Ctrl+F）</translation>
    </message>
    <message>
        <source>No folder is shared yet.
Drag a folder here or click Share a folder…</source>
        <translation>還沒有共用任何資料夾。
將資料夾拖曳到這裡，或按一下「共用資料夾…」</translation>
    </message>
    <message>
        <source>No shared folder matches the filter.</source>
        <translation>沒有符合篩選條件的共用資料夾。</translation>
    </message>
    <message>
        <source>Drag folders or files here from your file manager to share them. Double-click a name to rename it. A server that runs confined can touch only the folders shared with it; any other is only told where to work.</source>
        <translation>從檔案管理員把資料夾或檔案拖到這裡即可共享。按兩下名稱可以重新命名。受限執行的伺服器只能存取與它共享的資料夾；其他伺服器只是被告知在哪裡工作。</translation>
    </message>
</context>
<context>
    <name>RootsTableModel</name>
    <message>
        <source>Shared</source>
        <translation>共用</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路徑</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>檢查時間</translation>
    </message>
    <message>
        <source>Seen by</source>
        <translation>可見於</translation>
    </message>
    <message>
        <source>Unchecked folders stay in the list but no server is told about them.</source>
        <translation>未勾選的資料夾仍保留在清單中，但不會告知任何伺服器。</translation>
    </message>
    <message>
        <source>Whether Rootkeeper itself can open the folder right now.</source>
        <translation>Rootkeeper 本身目前能否開啟該資料夾。</translation>
    </message>
    <message>
        <source>The servers holding this folder now: connected ones, and ones an AI host reaches through a live bridge. When none does, the ones the history says were given it are named in grey; the tooltip has each one&apos;s last time.</source>
        <translation>現在持有此資料夾的伺服器：已連線的，以及 AI 主機透過作用中橋接存取的。若沒有，則以灰色列出歷史記錄中曾取得它的伺服器；提示中有每個伺服器的最後時間。</translation>
    </message>
    <message>
        <source>Blocked by policy</source>
        <translation>被原則禁止</translation>
    </message>
    <message>
        <source>Nobody (sharing is paused)</source>
        <translation>無（共用已暫停）</translation>
    </message>
    <message>
        <source>Nobody (turned off)</source>
        <translation>無（已關閉）</translation>
    </message>
    <message>
        <source>Nobody (blocked by policy)</source>
        <translation>沒有（被原則禁止）</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>唯讀</translation>
    </message>
    <message>
        <source>Nobody (not reachable)</source>
        <translation>無（無法存取）</translation>
    </message>
    <message>
        <source>Nobody now (earlier: %1)</source>
        <translation>現在無（先前：%1）</translation>
    </message>
    <message>
        <source>No server yet</source>
        <translation>尚無伺服器</translation>
    </message>
    <message>
        <source>Entered as %1
Links to %2</source>
        <translation>輸入為 %1
連結到 %2</translation>
    </message>
    <message>
        <source>Not checked yet.</source>
        <translation>尚未檢查。</translation>
    </message>
    <message>
        <source>Checked at %1, as seen by Rootkeeper.</source>
        <translation>於 %1 檢查（以 Rootkeeper 的角度）。</translation>
    </message>
    <message>
        <source>Turned off: no server is told about it</source>
        <translation>已關閉：不會告知任何伺服器</translation>
    </message>
    <message>
        <source>%1 via %2</source>
        <translation>%1（經由 %2）</translation>
    </message>
    <message>
        <source>a bridge</source>
        <translation>橋接</translation>
    </message>
    <message>
        <source>holds it now (connected, and through the bridge)</source>
        <translation>現在持有（已連線，並透過橋接）</translation>
    </message>
    <message>
        <source>holds it now (connected)</source>
        <translation>現在持有（已連線）</translation>
    </message>
    <message>
        <source>holds it now (through the bridge)</source>
        <translation>現在持有（透過橋接）</translation>
    </message>
    <message>
        <source>not holding it now</source>
        <translation>現在未持有</translation>
    </message>
    <message>
        <source>last given at %1 through a bridge for %2</source>
        <translation>最後一次於 %1 透過 %2 的橋接給出</translation>
    </message>
    <message>
        <source>last given at %1 through a bridge</source>
        <translation>最後一次於 %1 透過橋接給出</translation>
    </message>
    <message>
        <source>last given at %1 in one call</source>
        <translation>最後一次於 %1 在單次呼叫中給出</translation>
    </message>
    <message>
        <source>last given at %1</source>
        <translation>最後一次於 %1 給出</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>ServerDetails</name>
    <message>
        <source>No server selected</source>
        <translation>未選擇伺服器</translation>
    </message>
    <message>
        <source>Not yet</source>
        <translation>尚未</translation>
    </message>
    <message>
        <source>An empty list</source>
        <translation>空清單</translation>
    </message>
    <message numerus="yes">
        <source>Given %n folder(s) today, last at %1</source>
        <translation>
            <numerusform>今天收到 %n 個資料夾，最後一次在 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No folder today; last given a list at %1</source>
        <translation>今天沒有資料夾；最後一次於 %1 收到清單</translation>
    </message>
    <message>
        <source>No AI host right now</source>
        <translation>目前沒有 AI 主機程式在使用</translation>
    </message>
    <message>
        <source>%1, the handshake era: told at once when its list changes</source>
        <translation>%1，交握時代：清單變動時會立即告知</translation>
    </message>
    <message>
        <source>%1: sees the current list whenever it asks</source>
        <translation>%1：每次請求時都會看到目前清單</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>狀態：</translation>
    </message>
    <message>
        <source>Protocol:</source>
        <translation>協定：</translation>
    </message>
    <message>
        <source>May see:</source>
        <translation>可以看到：</translation>
    </message>
    <message>
        <source>Last given:</source>
        <translation>最後給出：</translation>
    </message>
    <message>
        <source>Was given:</source>
        <translation>收到的內容：</translation>
    </message>
    <message>
        <source>Last error:</source>
        <translation>上次錯誤：</translation>
    </message>
    <message>
        <source>Used by:</source>
        <translation>使用者：</translation>
    </message>
    <message>
        <source>This is the filesystem server: the roots it receives replace the folders on its own command line, so it may see fewer folders than you configured for it.</source>
        <translation>這是 filesystem 伺服器：它收到的根目錄會取代其命令列中的資料夾，因此它看到的資料夾可能比你為它設定的少。</translation>
    </message>
</context>
<context>
    <name>ServerDialog</name>
    <message>
        <source>Edit server</source>
        <translation>編輯伺服器</translation>
    </message>
    <message>
        <source>Add a server</source>
        <translation>新增伺服器</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名稱：</translation>
    </message>
    <message>
        <source>letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;</source>
        <translation>字母、數字、「.」、「_」 或 「-」</translation>
    </message>
    <message>
        <source>Runs as:</source>
        <translation>執行方式：</translation>
    </message>
    <message>
        <source>A command on this computer (stdio)</source>
        <translation>這台電腦上的指令（stdio）</translation>
    </message>
    <message>
        <source>A web address (Streamable HTTP)</source>
        <translation>網址（Streamable HTTP）</translation>
    </message>
    <message>
        <source>Protocol era:</source>
        <translation>協定版本：</translation>
    </message>
    <message>
        <source>Detect automatically</source>
        <translation>自動偵測</translation>
    </message>
    <message>
        <source>2025-11-25 (handshake; for servers that ask for folders after connecting)</source>
        <translation>2025-11-25（交握方式；適用於連線後才要求資料夾的伺服器）</translation>
    </message>
    <message>
        <source>2026-07-28 (folders sent with each request)</source>
        <translation>2026-07-28（每次請求時傳送資料夾）</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>指令：</translation>
    </message>
    <message>
        <source>npx -y @modelcontextprotocol/server-filesystem ~/scratch</source>
        <translation>npx -y @modelcontextprotocol/server-filesystem ~/scratch</translation>
    </message>
    <message>
        <source>Working folder:</source>
        <translation>工作資料夾：</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>選填</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <source>Environment:</source>
        <translation>環境變數：</translation>
    </message>
    <message>
        <source>one KEY=VALUE per line (optional)</source>
        <translation>每行一個 KEY=VALUE（選填）</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>位址：</translation>
    </message>
    <message>
        <source>Headers:</source>
        <translation>標頭：</translation>
    </message>
    <message>
        <source>one &apos;Name: value&apos; per line (optional)</source>
        <translation>每行一個 「Name: value」（選填）</translation>
    </message>
    <message>
        <source>What this server may see</source>
        <translation>此伺服器可以看到的內容</translation>
    </message>
    <message>
        <source>Saving records this choice as your consent; you can change it at any time. Until you choose, the server sees no folders.</source>
        <translation>儲存即表示你同意此選擇；你可以隨時變更。在你做出選擇之前，伺服器看不到任何資料夾。</translation>
    </message>
    <message>
        <source>How it is sent its folders</source>
        <translation>如何向它傳送資料夾</translation>
    </message>
    <message>
        <source>Also send the folders on its own command line, after Rootkeeper&apos;s</source>
        <translation>在 Rootkeeper 的資料夾之後，也傳送其命令列中的資料夾</translation>
    </message>
    <message>
        <source>Run confined: the system lets it touch only the folders it is given (the network stays open)</source>
        <translation>受限執行：系統只允許它存取分配給它的資料夾（網路仍然開放）</translation>
    </message>
    <message>
        <source>When its host has roots of its own (through a bridge):</source>
        <translation>當其宿主程式有自己的根目錄時（透過橋接）：</translation>
    </message>
    <message>
        <source>Rootkeeper&apos;s folders</source>
        <translation>Rootkeeper 的資料夾</translation>
    </message>
    <message>
        <source>The host&apos;s roots</source>
        <translation>宿主程式的根目錄</translation>
    </message>
    <message>
        <source>Both, merged</source>
        <translation>兩者合併</translation>
    </message>
    <message>
        <source>Path aliases (for a server in a container, a VM or WSL):</source>
        <translation>路徑別名（用於在容器、虛擬機器或 WSL 中執行的伺服器）：</translation>
    </message>
    <message>
        <source>Give it the folders you share in place of those on its command line (restarted when they change)</source>
        <translation>改為給它你共用的資料夾，取代其命令列中的資料夾（資料夾變更時重新啟動）</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>儲存</translation>
    </message>
    <message>
        <source>A server reached by a web address has no command line with folders of its own.</source>
        <translation>透過網址連線的伺服器沒有帶有自身資料夾的命令列。</translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation>工作資料夾</translation>
    </message>
    <message>
        <source>Give the server a name made of letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;.</source>
        <translation>請為伺服器取一個由字母、數字、「.」、「_」 或 「-」 組成的名稱。</translation>
    </message>
    <message>
        <source>Check at least one folder, or choose another sharing option.</source>
        <translation>請至少勾選一個資料夾，或選擇其他共用方式。</translation>
    </message>
    <message>
        <source>Enter the path the server sees %1 as (like /workspace).</source>
        <translation>請輸入伺服器看到的 %1 的路徑（例如 /workspace）。</translation>
    </message>
    <message>
        <source>The header line &apos;%1&apos; is not of the form &apos;Name: value&apos;.</source>
        <translation>標頭行「%1」不是 「Name: value」 格式。</translation>
    </message>
    <message>
        <source>Enter an address starting with http:// or https://.</source>
        <translation>請輸入以 http:// 或 https:// 開頭的位址。</translation>
    </message>
    <message>
        <source>The command has an unbalanced quote.</source>
        <translation>指令中的引號不成對。</translation>
    </message>
    <message>
        <source>Enter the command that starts the server.</source>
        <translation>請輸入啟動伺服器的指令。</translation>
    </message>
    <message>
        <source>The environment line &apos;%1&apos; is not of the form KEY=VALUE.</source>
        <translation>環境變數行「%1」不是 KEY=VALUE 格式。</translation>
    </message>
</context>
<context>
    <name>ServerOptionRows</name>
    <message>
        <source>Detected when it connects</source>
        <translation>連線時自動偵測</translation>
    </message>
    <message>
        <source>Pinned to 2025-11-25 (the handshake era)</source>
        <translation>固定為 2025-11-25（交握時代）</translation>
    </message>
    <message>
        <source>Pinned to 2026-07-28 (folders sent with each request)</source>
        <translation>固定為 2026-07-28（每個請求都附帶資料夾）</translation>
    </message>
    <message>
        <source>Gets the shared folders on its command line; restarted when they change</source>
        <translation>透過命令列取得共用的資料夾；它們變動時會重新啟動</translation>
    </message>
    <message>
        <source>No; it is told them as roots</source>
        <translation>否；以根目錄的方式告知它</translation>
    </message>
    <message>
        <source>Also sent the folders on its own command line, after Rootkeeper&apos;s</source>
        <translation>在 Rootkeeper 的資料夾之後，也會收到其命令列中的資料夾</translation>
    </message>
    <message>
        <source>Sent Rootkeeper&apos;s folders only</source>
        <translation>只收到 Rootkeeper 的資料夾</translation>
    </message>
    <message>
        <source>Sees Rootkeeper&apos;s folders, even when its host has roots of its own</source>
        <translation>看到 Rootkeeper 的資料夾，即使其宿主程式有自己的根目錄</translation>
    </message>
    <message>
        <source>Sees its host&apos;s own roots when the host has them</source>
        <translation>宿主程式有自己的根目錄時，看到宿主程式的根目錄</translation>
    </message>
    <message>
        <source>Sees Rootkeeper&apos;s folders and its host&apos;s roots, merged</source>
        <translation>看到 Rootkeeper 的資料夾與其宿主程式的根目錄合併後的清單</translation>
    </message>
    <message>
        <source>None; folders are sent under their own paths</source>
        <translation>無；資料夾以其原本的路徑傳送</translation>
    </message>
    <message>
        <source>%1 is seen as %2</source>
        <translation>%1 被視為 %2</translation>
    </message>
    <message>
        <source>%1; other folders are not sent</source>
        <translation>%1；其他資料夾不會傳送</translation>
    </message>
    <message>
        <source>Protocol era:</source>
        <translation>協定版本：</translation>
    </message>
    <message>
        <source>Path aliases:</source>
        <translation>路徑別名：</translation>
    </message>
    <message>
        <source>Folders as arguments:</source>
        <translation>以參數傳遞資料夾：</translation>
    </message>
    <message>
        <source>Own folders:</source>
        <translation>自身的資料夾：</translation>
    </message>
    <message>
        <source>Through a bridge:</source>
        <translation>透過橋接：</translation>
    </message>
    <message>
        <source>Confinement:</source>
        <translation>受限執行：</translation>
    </message>
</context>
<context>
    <name>ServersPage</name>
    <message>
        <source>&amp;Disable (keep its settings)</source>
        <translation>停用(&amp;D)（保留其設定）</translation>
    </message>
    <message>
        <source>E&amp;nable</source>
        <translation>啟用(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Add server…</source>
        <translation>新增伺服器(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>編輯(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>移除(&amp;R)…</translation>
    </message>
    <message>
        <source>Show &amp;log</source>
        <translation>檢視記錄(&amp;L)</translation>
    </message>
    <message>
        <source>Re&amp;connect</source>
        <translation>重新連線(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Decide what it may see…</source>
        <translation>決定它可以看到什麼(&amp;D)…</translation>
    </message>
    <message>
        <source>Filter (Ctrl+F)</source>
        <translation>篩選（Ctrl+F）</translation>
    </message>
    <message>
        <source>No server yet.
Add a server, or import the servers of Claude Desktop, VS Code, Cursor and other AI hosts from the Hosts tab.</source>
        <translation>還沒有伺服器。
新增一個伺服器，或在「主機」分頁中匯入 Claude Desktop、VS Code、Cursor 等 AI 主機的伺服器。</translation>
    </message>
    <message>
        <source>No server matches the filter.</source>
        <translation>沒有符合篩選條件的伺服器。</translation>
    </message>
    <message>
        <source>A confined server is held to the folders you share with it by the system itself. An unconfined one is only told which folders you work in, and only its own honesty keeps it there: it can still open any file its own process can reach. Some servers, such as the filesystem server, replace the folders in their own configuration with the ones they are told.</source>
        <translation>受限的伺服器由系統本身限制在你與它共用的資料夾內。未受限的伺服器只會被告知你在哪些資料夾中工作，能讓它留在其中的只有它自身的誠信：它仍然可以開啟其程序能存取的任何檔案。有些伺服器（例如 filesystem 伺服器）會用被告知的資料夾取代自身設定中的資料夾。</translation>
    </message>
</context>
<context>
    <name>ServersTableModel</name>
    <message>
        <source>Server</source>
        <translation>伺服器</translation>
    </message>
    <message>
        <source>Runs as</source>
        <translation>執行方式</translation>
    </message>
    <message>
        <source>May see</source>
        <translation>可以看到</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Last asked for roots</source>
        <translation>上次請求根目錄</translation>
    </message>
    <message>
        <source>Used by</source>
        <translation>使用者</translation>
    </message>
    <message>
        <source>Held to the list</source>
        <translation>受清單約束</translation>
    </message>
    <message>
        <source>Not yet</source>
        <translation>尚未</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n folder(s)</source>
        <translation>
            <numerusform>%1 · %n 個資料夾</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Rootkeeper settings</source>
        <translation>Rootkeeper 設定</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>語言(&amp;L)：</translation>
    </message>
    <message>
        <source>Start &amp;hidden in the system tray</source>
        <translation>啟動時隱藏到系統匣(&amp;H)</translation>
    </message>
    <message>
        <source>Start Rootkeeper when I &amp;log in</source>
        <translation>登入時啟動 Rootkeeper(&amp;L)</translation>
    </message>
    <message>
        <source>Show desktop &amp;notifications (a folder lost or back, a server failing)</source>
        <translation>顯示桌面通知(&amp;N)（資料夾遺失或恢復、伺服器失敗）</translation>
    </message>
    <message>
        <source>When off, these events are shown in this window only.</source>
        <translation>關閉後，這些事件只會在此視窗中顯示。</translation>
    </message>
    <message>
        <source>Follow the system (%1)</source>
        <translation>跟隨系統（%1）</translation>
    </message>
    <message>
        <source>No system tray was found on this desktop.</source>
        <translation>此桌面上找不到系統匣。</translation>
    </message>
</context>
<context>
    <name>SharingChoice</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>(blocked by policy)</source>
        <translation>（被政策阻擋）</translation>
    </message>
    <message>
        <source>(turned off)</source>
        <translation>（已關閉）</translation>
    </message>
    <message>
        <source>(unavailable)</source>
        <translation>（無法使用）</translation>
    </message>
    <message>
        <source>Decide later: nothing is shared until you choose</source>
        <translation>稍後再決定：在你選擇之前不共用任何內容</translation>
    </message>
    <message numerus="yes">
        <source>All shared folders (%n now)</source>
        <translation>
            <numerusform>所有共用的資料夾（目前 %n 個）</numerusform>
        </translation>
    </message>
    <message>
        <source>Only the folders checked below</source>
        <translation>僅限下方勾選的資料夾</translation>
    </message>
    <message>
        <source>None: do not offer roots at all, so the server uses its own configuration</source>
        <translation>無：完全不提供根目錄，伺服器使用自身的設定</translation>
    </message>
    <message>
        <source>Folders added later are not included unless you check them here.</source>
        <translation>之後加入的資料夾不會自動包含，除非你在這裡勾選。</translation>
    </message>
    <message>
        <source>No folders are shared yet.</source>
        <translation>尚未共用任何資料夾。</translation>
    </message>
</context>
<context>
    <name>Suggestions</name>
    <message>
        <source>Git repository</source>
        <translation>Git 儲存庫</translation>
    </message>
    <message>
        <source>Mercurial repository</source>
        <translation>Mercurial 儲存庫</translation>
    </message>
    <message>
        <source>Subversion working copy</source>
        <translation>Subversion 工作複本</translation>
    </message>
    <message>
        <source>Jujutsu repository</source>
        <translation>Jujutsu 儲存庫</translation>
    </message>
    <message>
        <source>Recently opened in VS Code</source>
        <translation>最近在 VS Code 中開啟</translation>
    </message>
    <message>
        <source>Recently opened in VSCodium</source>
        <translation>最近在 VSCodium 中開啟</translation>
    </message>
    <message>
        <source>Recently opened in Cursor</source>
        <translation>最近在 Cursor 中開啟</translation>
    </message>
    <message>
        <source>Recently opened in Windsurf</source>
        <translation>最近在 Windsurf 中開啟</translation>
    </message>
    <message>
        <source>Recently opened in a JetBrains IDE</source>
        <translation>最近在 JetBrains IDE 中開啟</translation>
    </message>
    <message>
        <source>Recently opened in Zed</source>
        <translation>最近在 Zed 中開啟</translation>
    </message>
    <message>
        <source>Suggested &amp;folders</source>
        <translation>建議的資料夾(&amp;F)</translation>
    </message>
    <message>
        <source>No suggestions: no repositories or recent projects found</source>
        <translation>沒有建議：沒有找到程式碼儲存庫或最近的專案</translation>
    </message>
    <message>
        <source>Look again</source>
        <translation>重新尋找</translation>
    </message>
</context>
<context>
    <name>Text</name>
    <message>
        <source>Checking…</source>
        <translation>正在檢查…</translation>
    </message>
    <message>
        <source>Reachable</source>
        <translation>可存取</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>Not a folder</source>
        <translation>不是資料夾</translation>
    </message>
    <message>
        <source>Not a file</source>
        <translation>不是檔案</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>權限不足</translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation>無法讀取</translation>
    </message>
    <message>
        <source>Symbolic link loop</source>
        <translation>符號連結迴圈</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>離線</translation>
    </message>
    <message>
        <source>Leads elsewhere</source>
        <translation>指向別處</translation>
    </message>
    <message>
        <source>%1 cannot be read.</source>
        <translation>無法讀取 %1。</translation>
    </message>
    <message>
        <source>%1 is on a drive or network share that is not answering.</source>
        <translation>%1 位於沒有回應的磁碟或網路共用上。</translation>
    </message>
    <message>
        <source>%1 now leads somewhere else: it or a folder above it was replaced, so it is not shared.</source>
        <translation>%1 現在指向別處：它本身或其上層資料夾已被替換，因此不再分享。</translation>
    </message>
    <message>
        <source>an unnamed AI host</source>
        <translation>未具名的 AI 主機程式</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>handshake era</source>
        <translation>交握時代</translation>
    </message>
    <message>
        <source>2026-07-28 era</source>
        <translation>2026-07-28 時代</translation>
    </message>
    <message>
        <source>era not yet known</source>
        <translation>時代尚不清楚</translation>
    </message>
    <message>
        <source>has not asked for roots yet</source>
        <translation>尚未請求根目錄</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>%1 (legacy)</source>
        <translation>%1（舊版）</translation>
    </message>
    <message>
        <source>Waiting for your consent</source>
        <translation>等待你的同意</translation>
    </message>
    <message>
        <source>All shared folders</source>
        <translation>所有共用的資料夾</translation>
    </message>
    <message>
        <source>Nothing (uses its own configuration)</source>
        <translation>無（使用自身設定）</translation>
    </message>
    <message>
        <source>never</source>
        <translation>從未</translation>
    </message>
    <message>
        <source>&apos;%1&apos;</source>
        <translation>「%1」</translation>
    </message>
</context>
<context>
    <name>TextCounts</name>
    <message numerus="yes">
        <source>%1, %n session(s)</source>
        <translation>
            <numerusform>%1，%n 個工作階段</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>asked for roots %n time(s), last at %1</source>
        <translation>
            <numerusform>已請求根目錄 %n 次，最近一次在 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chosen folder(s)</source>
        <translation>
            <numerusform>%n 個選定的資料夾</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message>
        <source>No folders shared yet</source>
        <translation>尚未共用任何資料夾</translation>
    </message>
    <message>
        <source>&amp;Share a folder…</source>
        <translation>共用資料夾(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Resume sharing</source>
        <translation>恢復共用(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Pause sharing</source>
        <translation>暫停共用(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Open Rootkeeper</source>
        <translation>開啟 Rootkeeper(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Quit Rootkeeper</source>
        <translation>結束 Rootkeeper(&amp;Q)</translation>
    </message>
    <message numerus="yes">
        <source>%n &amp;more…</source>
        <translation>
            <numerusform>另外 %n 個(&amp;M)…</numerusform>
        </translation>
    </message>
    <message>
        <source>No servers configured</source>
        <translation>尚未設定伺服器</translation>
    </message>
    <message>
        <source>waiting for your consent</source>
        <translation>等待你的同意</translation>
    </message>
    <message>
        <source>%1 — %2 · %3</source>
        <translation>%1 — %2 · %3</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>&amp;Share a folder…</source>
        <translation>共用資料夾(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Paste a path…</source>
        <translation>貼上路徑(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Check now</source>
        <translation>立即檢查(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Filter</source>
        <translation>篩選(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Pre&amp;vious tab</source>
        <translation>上一個分頁(&amp;V)</translation>
    </message>
    <message>
        <source>Nex&amp;t tab</source>
        <translation>下一個分頁(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>鍵盤快速鍵(&amp;K)</translation>
    </message>
    <message>
        <source>A&amp;bout</source>
        <translation>關於(&amp;B)</translation>
    </message>
    <message>
        <source>Close the &amp;window</source>
        <translation>關閉視窗(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Quit Rootkeeper</source>
        <translation>結束 Rootkeeper(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Menu</source>
        <translation>選單(&amp;M)</translation>
    </message>
    <message>
        <source>Every action and its keys</source>
        <translation>所有操作及其快速鍵</translation>
    </message>
</context>
</TS>
