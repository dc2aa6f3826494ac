<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About Rootkeeper</source>
        <translation>关于 Rootkeeper</translation>
    </message>
    <message>
        <source>Show Rootkeeper&apos;s &amp;log</source>
        <translation>查看 Rootkeeper 的日志(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Homepage</source>
        <translation>主页(&amp;H)</translation>
    </message>
    <message>
        <source>Report a &amp;bug</source>
        <translation>报告问题(&amp;B)</translation>
    </message>
    <message>
        <source>Rootkeeper %1</source>
        <translation>Rootkeeper %1</translation>
    </message>
    <message>
        <source>Tells MCP servers which folders you share with AI tools.</source>
        <translation>告诉 MCP 服务器你与 AI 工具共享了哪些文件夹。</translation>
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
        <translation>Python %1，运行于 %2</translation>
    </message>
    <message>
        <source>Licence: %1</source>
        <translation>许可证：%1</translation>
    </message>
    <message>
        <source>Settings and shared folders: %1</source>
        <translation>设置和共享的文件夹：%1</translation>
    </message>
    <message>
        <source>Logs: %1</source>
        <translation>日志：%1</translation>
    </message>
</context>
<context>
    <name>AliasesEditor</name>
    <message>
        <source>The local folder</source>
        <translation>本地文件夹</translation>
    </message>
    <message>
        <source>Folder on this computer</source>
        <translation>本机上的文件夹</translation>
    </message>
    <message>
        <source>Path the server sees</source>
        <translation>服务器看到的路径</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Choose folder…</source>
        <translation>选择文件夹…</translation>
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
        <translation>要与 %1 共享文件夹吗？</translation>
    </message>
    <message>
        <source>%1 wants to see your shared folders</source>
        <translation>%1 想查看你共享的文件夹</translation>
    </message>
    <message>
        <source>If you agree, this server is given the folders you share with it, now and whenever they change. Run confined, the system itself keeps it to those folders; unconfined, only its own honesty does: it can still open any file its own process can reach.</source>
        <translation>如果你同意，这个服务器会得到你与它共享的文件夹，现在以及它们每次变化时。受限运行时，系统本身把它限制在这些文件夹内；不受限时，只靠它自己守规矩：它仍能打开它自己的进程能访问的任何文件。</translation>
    </message>
    <message>
        <source>Runs as: %1</source>
        <translation>运行方式：%1</translation>
    </message>
    <message>
        <source>Held to your list: %1. %2</source>
        <translation>受你的列表约束的方式：%1。%2</translation>
    </message>
    <message>
        <source>This looks like the filesystem server: the roots it receives replace the folders on its own command line.</source>
        <translation>这看起来是 filesystem 服务器：它收到的根目录会取代其命令行中指定的文件夹。</translation>
    </message>
    <message>
        <source>Run it confined: the system lets it touch only the folders you share with it (the network stays open)</source>
        <translation>受限运行：系统只允许它访问你与它共享的文件夹（网络仍然开放）</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>共享</translation>
    </message>
    <message>
        <source>Don&apos;t share</source>
        <translation>不共享</translation>
    </message>
    <message>
        <source>Decide later</source>
        <translation>以后再决定</translation>
    </message>
</context>
<context>
    <name>CrashNotice</name>
    <message>
        <source>Something went wrong inside Rootkeeper; the details are in %1.</source>
        <translation>Rootkeeper 内部出错了；详细信息见 %1。</translation>
    </message>
    <message>
        <source>Something went wrong inside Rootkeeper; the details were written to its log.</source>
        <translation>Rootkeeper 内部出错了；详细信息已写入日志。</translation>
    </message>
</context>
<context>
    <name>DeskFlows</name>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Stopped sharing %1; no files were deleted.</source>
        <translation>已停止共享 %1；没有删除任何文件。</translation>
    </message>
    <message>
        <source>Sharing %1 again.</source>
        <translation>已重新共享 %1。</translation>
    </message>
    <message>
        <source>Removed the server %1.</source>
        <translation>已移除服务器 %1。</translation>
    </message>
    <message>
        <source>The server %1 is back, with its settings.</source>
        <translation>服务器 %1 已恢复，设置不变。</translation>
    </message>
    <message>
        <source>%1 is enabled: Rootkeeper connects to it again.</source>
        <translation>%1 已启用：Rootkeeper 会重新连接它。</translation>
    </message>
    <message>
        <source>%1 is disabled: Rootkeeper disconnected from it and keeps its settings.</source>
        <translation>%1 已停用：Rootkeeper 已断开与它的连接，并保留其设置。</translation>
    </message>
    <message>
        <source>Reconnecting to %1…</source>
        <translation>正在重新连接 %1…</translation>
    </message>
    <message>
        <source>%1 is not connected by this window (disabled, or another Rootkeeper process keeps the servers).</source>
        <translation>此窗口没有连接 %1（它已停用，或另一个 Rootkeeper 进程在维持服务器连接）。</translation>
    </message>
    <message>
        <source>No file manager could open %1.</source>
        <translation>没有文件管理器能打开 %1。</translation>
    </message>
</context>
<context>
    <name>DropHighlight</name>
    <message>
        <source>Drop to share %1</source>
        <translation>放下即可共享 %1</translation>
    </message>
    <message>
        <source>Only folders and files on this computer can be shared.</source>
        <translation>只能共享这台电脑上的文件夹和文件。</translation>
    </message>
</context>
<context>
    <name>FilterBox</name>
    <message>
        <source>%1 of %2 shown</source>
        <translation>显示 %1 / %2 项</translation>
    </message>
</context>
<context>
    <name>Flows</name>
    <message>
        <source>Share a folder</source>
        <translation>共享文件夹</translation>
    </message>
    <message>
        <source>Only folders and files on this computer can be shared; not added: %1</source>
        <translation>只能共享这台电脑上的文件夹和文件；未添加：%1</translation>
    </message>
    <message>
        <source>Now sharing %1.</source>
        <translation>现已共享 %1。</translation>
    </message>
    <message>
        <source>Share anyway?</source>
        <translation>仍要共享吗？</translation>
    </message>
    <message numerus="yes">
        <source>%n of the paths you chose need(s) a second look before sharing:</source>
        <translation>
            <numerusform>你选择的路径中有 %n 个在共享前需要再确认一下：</numerusform>
        </translation>
    </message>
    <message>
        <source>The path you chose needs a second look before sharing:</source>
        <translation>你选择的路径在共享前需要再确认一下：</translation>
    </message>
    <message>
        <source>Share anyway</source>
        <translation>仍然共享</translation>
    </message>
    <message>
        <source>Stop sharing %1? Servers will no longer be told about it. No files are deleted.</source>
        <translation>停止共享 %1？服务器将不再得知它。不会删除任何文件。</translation>
    </message>
    <message>
        <source>Stop sharing</source>
        <translation>停止共享</translation>
    </message>
    <message>
        <source>Check finished at %1: %2</source>
        <translation>检查已于 %1 完成：%2</translation>
    </message>
    <message>
        <source>Starting at login could not be changed: %1</source>
        <translation>无法更改登录时启动：%1</translation>
    </message>
    <message>
        <source>Sharing is paused: every server now sees an empty list.</source>
        <translation>共享已暂停：所有服务器现在看到的都是空列表。</translation>
    </message>
    <message numerus="yes">
        <source>Stop sharing %n folder(s)? Servers will no longer be told about them. No files are deleted.</source>
        <translation>
            <numerusform>停止共享 %n 个文件夹？服务器将不再得知这些文件夹。不会删除任何文件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove the server %1? Rootkeeper disconnects from it and forgets its settings.</source>
        <translation>移除服务器 %1？Rootkeeper 会断开与它的连接并删除其设置。</translation>
    </message>
    <message>
        <source>Remove server</source>
        <translation>移除服务器</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Checking every shared folder again…</source>
        <translation>正在重新检查每个共享文件夹…</translation>
    </message>
</context>
<context>
    <name>FolderOfferDialog</name>
    <message>
        <source>Folders on the servers&apos; command lines</source>
        <translation>服务器命令行中的文件夹</translation>
    </message>
    <message>
        <source>How the new servers run</source>
        <translation>新服务器如何运行</translation>
    </message>
    <message>
        <source>Give %1 the folders you share instead</source>
        <translation>改为给 %1 你共享的文件夹</translation>
    </message>
    <message>
        <source>Run the new command servers confined: the system lets each touch only the folders it is given (the network stays open)</source>
        <translation>受限运行新的命令服务器：系统只允许每个服务器访问分配给它的文件夹（网络仍然开放）</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
</context>
<context>
    <name>Health</name>
    <message>
        <source>Sharing is paused: every server sees an empty list.</source>
        <translation>共享已暂停：所有服务器看到的都是空列表。</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>Connecting to servers: %1 of %2 connected</source>
        <translation>正在连接服务器：已连接 %1 / %2 个</translation>
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
            <numerusform>%n 个共享文件夹无法访问</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n server(s)</source>
        <translation>
            <numerusform>%1：%n 个服务器</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) waiting for your consent</source>
        <translation>
            <numerusform>%n 个服务器等待你的同意</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n folder(s) shared, all reachable</source>
        <translation>
            <numerusform>已共享 %n 个文件夹，全部可访问</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>How</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <source>Folders given</source>
        <translation>给出的文件夹</translation>
    </message>
    <message>
        <source>Connected by Rootkeeper</source>
        <translation>由 Rootkeeper 连接</translation>
    </message>
    <message>
        <source>One call</source>
        <translation>单次调用</translation>
    </message>
    <message>
        <source>Bridge</source>
        <translation>桥接</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1（为 %2）</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>命令行</translation>
    </message>
    <message>
        <source>No folders</source>
        <translation>没有文件夹</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 等另外 %n 个</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryPage</name>
    <message>
        <source>No server was given a list of folders in this period.</source>
        <translation>这段时间内没有服务器收到文件夹列表。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>This folder was seen by %1, last at %2.</source>
        <translation>看到过这个文件夹的有：%1，最近一次在 %2。</translation>
    </message>
    <message numerus="yes">
        <source>%1 was given %n folder(s) in this period.</source>
        <translation>
            <numerusform>这段时间内 %1 收到了 %n 个文件夹。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) were given folders in this period.</source>
        <translation>
            <numerusform>这段时间内有 %n 个服务器收到了文件夹。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
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
        <translation>所有服务器</translation>
    </message>
    <message>
        <source>All folders</source>
        <translation>所有文件夹</translation>
    </message>
</context>
<context>
    <name>HostFlows</name>
    <message>
        <source>No servers were found in the %1 config.</source>
        <translation>%1 的配置中没有找到服务器。</translation>
    </message>
    <message>
        <source>Added the servers %1; they see no folder until you agree (Servers tab).</source>
        <translation>已添加服务器 %1；在你同意之前，它们看不到任何文件夹（见“服务器”标签页）。</translation>
    </message>
    <message>
        <source>Already Rootkeeper servers: %1.</source>
        <translation>已经是 Rootkeeper 的服务器：%1。</translation>
    </message>
    <message>
        <source>Left %1 as it is: %2.</source>
        <translation>%1 保持原样：%2。</translation>
    </message>
    <message>
        <source>The %1 config has no servers to route.</source>
        <translation>%1 的配置中没有可以转接的服务器。</translation>
    </message>
    <message>
        <source>Nothing in the %1 config needs to change.</source>
        <translation>%1 的配置无需更改。</translation>
    </message>
    <message>
        <source>Rootkeeper will rewrite the %1 config as shown, after saving a backup. Restore original puts the entries back exactly as they are now.</source>
        <translation>Rootkeeper 会先保存备份，再按下方所示改写 %1 的配置。“恢复原样”会把这些条目原封不动地改回现在的样子。</translation>
    </message>
    <message>
        <source>Route through Rootkeeper</source>
        <translation>通过 Rootkeeper 启动</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Restart %1 so it starts these servers through Rootkeeper.</source>
        <translation>请重启 %1，让它通过 Rootkeeper 启动这些服务器。</translation>
    </message>
    <message>
        <source>Which of the %1 servers should start through Rootkeeper, so they get the folders you share? You see the change to the config file before anything is written.</source>
        <translation>%1 的哪些服务器应通过 Rootkeeper 启动，以获得你共享的文件夹？写入之前会先向你展示配置文件的改动。</translation>
    </message>
    <message>
        <source>Show the change…</source>
        <translation>查看改动…</translation>
    </message>
    <message>
        <source>%1 (project %2)</source>
        <translation>%1（项目 %2）</translation>
    </message>
    <message>
        <source>It already runs through Rootkeeper.</source>
        <translation>它已经通过 Rootkeeper 运行。</translation>
    </message>
    <message>
        <source>Rootkeeper cannot start this kind of server.</source>
        <translation>Rootkeeper 无法启动这类服务器。</translation>
    </message>
    <message>
        <source>Its settings use %1, which only the host fills in, so it keeps starting directly.</source>
        <translation>它的设置使用了只有宿主程序才会填入的 %1，因此它继续直接启动。</translation>
    </message>
    <message>
        <source>Rewrote %1 (backup: %2).</source>
        <translation>已改写 %1（备份：%2）。</translation>
    </message>
    <message>
        <source>Nothing Rootkeeper routed is left in the %1 config.</source>
        <translation>%1 的配置中已没有经 Rootkeeper 转接的条目。</translation>
    </message>
    <message>
        <source>Rootkeeper will put the entries it routed in the %1 config back exactly as they were, as shown.</source>
        <translation>Rootkeeper 会按下方所示，把它在 %1 配置中改写的条目原封不动地恢复。</translation>
    </message>
    <message>
        <source>Restore original</source>
        <translation>恢复原样</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Restored %1; its backup copies were removed, as they held its secret values.</source>
        <translation>已恢复 %1；其备份副本已删除，因为其中含有它的机密值。</translation>
    </message>
    <message>
        <source>Restored %1 (backup of the routed version: %2).</source>
        <translation>已恢复 %1（转接版本的备份：%2）。</translation>
    </message>
    <message>
        <source>Left %1 as it is: it was changed after Rootkeeper routed it.</source>
        <translation>%1 保持原样：Rootkeeper 转接之后它又被改动过。</translation>
    </message>
</context>
<context>
    <name>HostsPage</name>
    <message>
        <source>&amp;Import servers…</source>
        <translation>导入服务器(&amp;I)…</translation>
    </message>
    <message>
        <source>Add the selected host&apos;s servers to Rootkeeper; they see no folder until you agree.</source>
        <translation>把所选宿主程序的服务器添加到 Rootkeeper；在你同意之前，它们看不到任何文件夹。</translation>
    </message>
    <message>
        <source>&amp;Route through Rootkeeper…</source>
        <translation>通过 Rootkeeper 启动(&amp;R)…</translation>
    </message>
    <message>
        <source>Rewrite the host&apos;s config so the servers you choose start through Rootkeeper; the change is shown before it is written.</source>
        <translation>改写宿主程序的配置，让你选择的服务器通过 Rootkeeper 启动；写入之前会先展示改动。</translation>
    </message>
    <message>
        <source>Restore &amp;original</source>
        <translation>恢复原样(&amp;O)</translation>
    </message>
    <message>
        <source>Put back the entries Rootkeeper rewrote, exactly as they were.</source>
        <translation>把 Rootkeeper 改写过的条目原封不动地恢复。</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>重新读取</translation>
    </message>
    <message>
        <source>None of the AI hosts Rootkeeper knows (Claude Desktop, Claude Code, VS Code, Cursor, Windsurf, Gemini CLI, Codex CLI, Zed, opencode, Cline) has a config file on this computer yet. Add an MCP server in one of them, then come back here to import it or route it through Rootkeeper.</source>
        <translation>这台电脑上还没有 Rootkeeper 认识的 AI 宿主程序（Claude Desktop、Claude Code、VS Code、Cursor、Windsurf、Gemini CLI、Codex CLI、Zed、opencode、Cline）的配置文件。请先在其中一个程序里添加 MCP 服务器，再回到这里导入它或让它通过 Rootkeeper 启动。</translation>
    </message>
    <message>
        <source>Select a host, then import its servers into Rootkeeper, or route them through Rootkeeper so they get the folders you share. Every config file is backed up before it is rewritten.</source>
        <translation>选择一个宿主程序，然后把它的服务器导入 Rootkeeper，或让它们通过 Rootkeeper 启动以获得你共享的文件夹。每个配置文件在改写之前都会先备份。</translation>
    </message>
</context>
<context>
    <name>HostsTableModel</name>
    <message>
        <source>Host</source>
        <translation>宿主程序</translation>
    </message>
    <message>
        <source>Config file</source>
        <translation>配置文件</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行方式</translation>
    </message>
    <message>
        <source>Command or URL</source>
        <translation>命令或网址</translation>
    </message>
    <message>
        <source>No config found</source>
        <translation>未找到配置</translation>
    </message>
    <message>
        <source>%1 (project %2)</source>
        <translation>%1（项目 %2）</translation>
    </message>
    <message>
        <source>No servers in this file</source>
        <translation>此文件中没有服务器</translation>
    </message>
    <message>
        <source>Through Rootkeeper as %1</source>
        <translation>通过 Rootkeeper，作为 %1</translation>
    </message>
    <message>
        <source>Through Rootkeeper</source>
        <translation>通过 Rootkeeper</translation>
    </message>
    <message>
        <source>Directly (SSE, which Rootkeeper does not speak)</source>
        <translation>直接运行（SSE，Rootkeeper 不支持）</translation>
    </message>
    <message>
        <source>Directly</source>
        <translation>直接运行</translation>
    </message>
</context>
<context>
    <name>KeysDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>LogDialog</name>
    <message>
        <source>The log cannot be read: %1</source>
        <translation>无法读取日志：%1</translation>
    </message>
    <message>
        <source>Nothing has been logged yet.</source>
        <translation>还没有记录任何内容。</translation>
    </message>
    <message>
        <source>Nothing has been logged yet: the server has not been started, or it wrote nothing.</source>
        <translation>尚无日志：服务器尚未启动，或者没有输出任何内容。</translation>
    </message>
    <message>
        <source>Rootkeeper&apos;s log</source>
        <translation>Rootkeeper 的日志</translation>
    </message>
    <message>
        <source>What Rootkeeper itself logged, from %1</source>
        <translation>Rootkeeper 自身记录的内容，来自 %1</translation>
    </message>
    <message>
        <source>Log of %1</source>
        <translation>%1 的日志</translation>
    </message>
    <message>
        <source>What the server wrote to its error output, from %1</source>
        <translation>服务器写入错误输出的内容，来自 %1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Shared &amp;folders (%1)</source>
        <translation>共享的文件夹(&amp;F)（%1）</translation>
    </message>
    <message>
        <source>Ser&amp;vers (%1)</source>
        <translation>服务器(&amp;V)（%1）</translation>
    </message>
    <message>
        <source>Pa&amp;use sharing</source>
        <translation>暂停共享(&amp;U)</translation>
    </message>
    <message>
        <source>Setti&amp;ngs…</source>
        <translation>设置(&amp;N)…</translation>
    </message>
    <message>
        <source>Rootkeeper</source>
        <translation>Rootkeeper</translation>
    </message>
    <message>
        <source>Which folders AI tools may see</source>
        <translation>AI 工具可以看到哪些文件夹</translation>
    </message>
    <message>
        <source>While paused, every server sees an empty list.</source>
        <translation>暂停期间，所有服务器看到的都是空列表。</translation>
    </message>
    <message>
        <source>Shared &amp;folders (%1 of %2)</source>
        <translation>共享的文件夹(&amp;F)（%1 / %2）</translation>
    </message>
    <message>
        <source>Ser&amp;vers (%1 of %2)</source>
        <translation>服务器(&amp;V)（%1 / %2）</translation>
    </message>
    <message>
        <source>&amp;Hosts</source>
        <translation>宿主程序(&amp;H)</translation>
    </message>
    <message>
        <source>Histor&amp;y</source>
        <translation>历史(&amp;Y)</translation>
    </message>
    <message>
        <source>No system tray was found, so closing this window quits Rootkeeper (on GNOME, the AppIndicator extension adds a tray).</source>
        <translation>未找到系统托盘，因此关闭此窗口会退出 Rootkeeper（在 GNOME 上，AppIndicator 扩展可提供托盘）。</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>Only local file:// locations can be shared, and {uri} is not one.</source>
        <translation>只能共享本机的 file:// 位置，而 {uri} 不是。</translation>
    </message>
    <message>
        <source>{uri} points to another computer ({host}); only local folders can be shared.</source>
        <translation>{uri} 指向另一台计算机（{host}）；只能共享本机的文件夹。</translation>
    </message>
    <message>
        <source>{uri} has a &apos;?&apos; or &apos;#&apos; part; encode those characters as %3F and %23.</source>
        <translation>{uri} 含有“?”或“#”部分；请将这些字符写成 %3F 和 %23。</translation>
    </message>
    <message>
        <source>The path is empty.</source>
        <translation>路径为空。</translation>
    </message>
    <message>
        <source>The path contains a NUL byte, which no file name can hold.</source>
        <translation>路径包含 NUL 字节，任何文件名都不能包含它。</translation>
    </message>
    <message>
        <source>The path is {length} bytes long; this system allows at most {limit}.</source>
        <translation>路径长 {length} 字节；本系统最多允许 {limit} 字节。</translation>
    </message>
    <message>
        <source>A name in the path is {length} bytes long; this system allows at most {limit}.</source>
        <translation>路径中的某个名称长 {length} 字节；本系统最多允许 {limit} 字节。</translation>
    </message>
    <message>
        <source>{path} does not exist.</source>
        <translation>{path} 不存在。</translation>
    </message>
    <message>
        <source>Permission denied while opening {path}.</source>
        <translation>打开 {path} 时权限被拒绝。</translation>
    </message>
    <message>
        <source>{path} is part of a symbolic link loop.</source>
        <translation>{path} 处于符号链接循环中。</translation>
    </message>
    <message>
        <source>{path} is longer than this system allows.</source>
        <translation>{path} 超出了本系统允许的长度。</translation>
    </message>
    <message>
        <source>A part of {path} is a file, not a folder.</source>
        <translation>{path} 中的某一部分是文件，而不是文件夹。</translation>
    </message>
    <message>
        <source>{path} cannot be used: {reason}.</source>
        <translation>无法使用 {path}：{reason}。</translation>
    </message>
    <message>
        <source>{path} is neither a folder nor a regular file.</source>
        <translation>{path} 既不是文件夹，也不是普通文件。</translation>
    </message>
    <message>
        <source>{path} is one of the system&apos;s virtual folders (/proc, /sys, /dev), which cannot be shared.</source>
        <translation>{path} 是系统的虚拟文件夹之一（/proc、/sys、/dev），不能共享。</translation>
    </message>
    <message>
        <source>{uri} does not name a folder; write it as file:///path/to/folder.</source>
        <translation>{uri} 没有指明文件夹；请写成 file:///path/to/folder。</translation>
    </message>
    <message>
        <source>{path} is the root of a whole drive.</source>
        <translation>{path} 是整个磁盘的根目录。</translation>
    </message>
    <message>
        <source>{path} is your whole home folder.</source>
        <translation>{path} 是你的整个主文件夹。</translation>
    </message>
    <message>
        <source>{path} is a whole home folder.</source>
        <translation>{path} 是某个用户的整个主文件夹。</translation>
    </message>
    <message>
        <source>{path} holds keys or credentials.</source>
        <translation>{path} 存放着密钥或凭据。</translation>
    </message>
    <message>
        <source>{path} is a system folder.</source>
        <translation>{path} 是系统文件夹。</translation>
    </message>
    <message>
        <source>{path} holds a web browser&apos;s profile (cookies, saved passwords).</source>
        <translation>{path} 存放着网页浏览器的配置文件（Cookie、已保存的密码）。</translation>
    </message>
    <message>
        <source>{path} holds downloaded packages and caches, often with access tokens.</source>
        <translation>{path} 存放着下载的软件包和缓存，其中常含访问令牌。</translation>
    </message>
    <message>
        <source>{path} holds every program&apos;s settings and data.</source>
        <translation>{path} 存放着所有程序的设置和数据。</translation>
    </message>
    <message>
        <source>{path} holds many other folders, possibly other users&apos; files.</source>
        <translation>{path} 包含许多其他文件夹，可能还有其他用户的文件。</translation>
    </message>
    <message>
        <source>{path} is already shared as &apos;{name}&apos;.</source>
        <translation>{path} 已作为“{name}”共享。</translation>
    </message>
    <message>
        <source>{path} is inside &apos;{name}&apos; ({other}), which is already shared.</source>
        <translation>{path} 位于已共享的“{name}”（{other}）之内。</translation>
    </message>
    <message>
        <source>{path} contains &apos;{name}&apos; ({other}), which is already shared.</source>
        <translation>{path} 包含已共享的“{name}”（{other}）。</translation>
    </message>
    <message>
        <source>{path} is too broad to share without confirmation ({why}); add --allow-broad to share it anyway.</source>
        <translation>{path} 范围太广（{why}），未经确认不能共享；如仍要共享，请加上 --allow-broad。</translation>
    </message>
    <message>
        <source>{path} holds Rootkeeper&apos;s own settings or state, which no server may see.</source>
        <translation>{path} 存放着 Rootkeeper 自己的设置或状态，任何服务器都不能看到。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; looks like a path; pick a name without &apos;/&apos;, &apos;~&apos; or &apos;file:&apos;.</source>
        <translation>“{name}”看起来像路径；请选一个不含“/”、“~”或“file:”的名称。</translation>
    </message>
    <message>
        <source>A root&apos;s name cannot be empty.</source>
        <translation>共享文件夹的名称不能为空。</translation>
    </message>
    <message>
        <source>{path} is readable.</source>
        <translation>{path} 可以读取。</translation>
    </message>
    <message>
        <source>{path} does not exist (deleted, renamed or unmounted).</source>
        <translation>{path} 不存在（已被删除、重命名或卸载）。</translation>
    </message>
    <message>
        <source>{path} is not a folder any more.</source>
        <translation>{path} 已不再是文件夹。</translation>
    </message>
    <message>
        <source>{path} was shared as a file but is now a folder.</source>
        <translation>{path} 以文件的形式共享，但现在是文件夹。</translation>
    </message>
    <message>
        <source>Rootkeeper is not allowed to open {path}.</source>
        <translation>Rootkeeper 无权打开 {path}。</translation>
    </message>
    <message>
        <source>Several roots are named &apos;{name}&apos; ({ids}); use the id instead.</source>
        <translation>有多个共享文件夹名为“{name}”（{ids}）；请改用其编号。</translation>
    </message>
    <message>
        <source>No shared folder matches &apos;{selector}&apos;; see &apos;rootkeeper roots list&apos;.</source>
        <translation>没有与“{selector}”匹配的共享文件夹。</translation>
    </message>
    <message>
        <source>Say which folders to share.</source>
        <translation>请说明要共享哪些文件夹。</translation>
    </message>
    <message>
        <source>{path} is shared, but Rootkeeper cannot read it now ({status}); servers will not see it until it can.</source>
        <translation>{path} 已共享，但 Rootkeeper 现在无法读取它（{status}）；在可以读取之前，服务器看不到它。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is now read-only for confined servers; servers that are not confined can still change it.</source>
        <translation>“{name}”现在对受限运行的服务器只读；未受限的服务器仍可修改它。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is no longer read-only: confined servers given it can change it again.</source>
        <translation>“{name}”不再只读：分配到它的受限服务器可以再次修改它。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is inside &apos;{other}&apos;, which is not read-only: a confined server given both can still change it.</source>
        <translation>“{name}”位于“{other}”之内，而后者不是只读的：同时分配到两者的受限服务器仍可修改它。</translation>
    </message>
    <message>
        <source>Read-only holds for confined servers only: the system lets them read the folder but not change, create, rename or delete anything in it. Servers that are only told about folders can still change it.</source>
        <translation>只读只对受限运行的服务器有效：系统允许它们读取该文件夹，但不允许在其中修改、创建、重命名或删除任何内容。仅被告知文件夹的服务器仍可修改它。</translation>
    </message>
    <message>
        <source>A server named &apos;{name}&apos; already exists; remove it first or pick another name.</source>
        <translation>已存在名为“{name}”的服务器；请先将其移除，或换一个名称。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is not a valid server name; use letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;.</source>
        <translation>“{name}”不是有效的服务器名称；请使用字母、数字、“.”、“_”或“-”。</translation>
    </message>
    <message>
        <source>No server is named &apos;{name}&apos;; see &apos;rootkeeper servers list&apos;.</source>
        <translation>没有名为“{name}”的服务器。</translation>
    </message>
    <message>
        <source>&apos;{url}&apos; is not an http:// or https:// URL.</source>
        <translation>“{url}”不是 http:// 或 https:// 地址。</translation>
    </message>
    <message>
        <source>Say which command starts the server.</source>
        <translation>请说明启动服务器的命令。</translation>
    </message>
    <message>
        <source>A server&apos;s command, arguments and environment cannot contain a NUL byte.</source>
        <translation>服务器的命令、参数和环境变量不能包含 NUL 字节。</translation>
    </message>
    <message>
        <source>&apos;{url}&apos; contains a space, tab or line break; percent-encode it (%20) or remove it.</source>
        <translation>“{url}”包含空格、制表符或换行符；请对其进行百分号编码（%20）或删除。</translation>
    </message>
    <message>
        <source>&apos;{url}&apos; has the port {port}; a port is a number from 1 to 65535.</source>
        <translation>“{url}”的端口是 {port}；端口必须是 1 到 65535 之间的数字。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is not a valid HTTP header name; use letters, digits and &apos;-&apos;, without spaces or colons.</source>
        <translation>“{name}”不是有效的 HTTP 标头名称；请使用字母、数字和“-”，不要包含空格或冒号。</translation>
    </message>
    <message>
        <source>The value of the header &apos;{name}&apos; contains a line break, which HTTP does not allow.</source>
        <translation>标头“{name}”的值包含换行符，HTTP 不允许这样。</translation>
    </message>
    <message>
        <source>The working folder {cwd} does not exist.</source>
        <translation>工作文件夹 {cwd} 不存在。</translation>
    </message>
    <message>
        <source>&apos;{era}&apos; is not a protocol era; use auto, 2025-11-25 or 2026-07-28.</source>
        <translation>“{era}”不是协议版本；请使用 auto、2025-11-25 或 2026-07-28。</translation>
    </message>
    <message>
        <source>Say what to share: all, none, or a comma-separated list of roots.</source>
        <translation>请说明要共享的内容：全部（all）、不共享（none），或以逗号分隔的共享文件夹列表。</translation>
    </message>
    <message>
        <source>&apos;{value}&apos; is not a roots source; use rootkeeper, host or merge.</source>
        <translation>“{value}”不是可用的根目录来源；请使用 rootkeeper、host 或 merge。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is reached by URL and has no command line with folders of its own.</source>
        <translation>“{name}”通过 URL 访问，没有带有自身文件夹的命令行。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; names folders on its command line ({folders}). Give it the folders you share in their place, so it sees only what you allow, and nothing while paused or waiting for your consent?</source>
        <translation>“{name}”的命令行中写有文件夹（{folders}）。要改为给它你共享的文件夹，使它只看到你允许的内容，并在暂停或等待你同意时什么也看不到吗？</translation>
    </message>
    <message>
        <source>Before: {command}</source>
        <translation>之前：{command}</translation>
    </message>
    <message>
        <source>After: {command}</source>
        <translation>之后：{command}</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is given the folders you share in place of {folders}.</source>
        <translation>“{name}”改为获得你共享的文件夹，取代 {folders}。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; keeps its own folders ({folders}): it sees them whatever you share, even while paused.</source>
        <translation>“{name}”保留自己的文件夹（{folders}）：无论你共享什么，甚至在暂停时，它都能看到这些文件夹。</translation>
    </message>
    <message>
        <source>Not shared yet: {folders}. Share them now?</source>
        <translation>尚未共享：{folders}。现在共享它们吗？</translation>
    </message>
    <message>
        <source>Say which local folder the server sees as {remote}.</source>
        <translation>请说明服务器看作 {remote} 的是哪个本地文件夹。</translation>
    </message>
    <message>
        <source>The path the server sees, &apos;{remote}&apos;, must be absolute (like /workspace).</source>
        <translation>服务器看到的路径“{remote}”必须是绝对路径（例如 /workspace）。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is not given {folders} on its command line where folders are joined: the path holds the separator and would read as other folders.</source>
        <translation>“{name}”的命令行中连接文件夹的位置不会传入 {folders}：该路径包含分隔符，会被读成其他文件夹。</translation>
    </message>
    <message>
        <source>The path the server sees, {remote}, holds a line break or another control character; type it on one line.</source>
        <translation>服务器看到的路径 {remote} 包含换行符或其他控制字符；请在一行内输入。</translation>
    </message>
    <message>
        <source>{path} is mapped twice; give each local folder one alias.</source>
        <translation>{path} 被映射了两次；每个本地文件夹只能有一个别名。</translation>
    </message>
    <message>
        <source>&apos;{item}&apos; is not of the form LOCAL=REMOTE (for example ~/projects=/workspace).</source>
        <translation>“{item}”不符合 LOCAL=REMOTE 的格式（例如 ~/projects=/workspace）。</translation>
    </message>
    <message>
        <source>The settings file was written by a newer Rootkeeper (format {version}, this one reads up to {supported}); update Rootkeeper to use it.</source>
        <translation>设置文件由更新版本的 Rootkeeper 写入（格式 {version}，此版本最多读取 {supported}）；请更新 Rootkeeper 后再使用。</translation>
    </message>
    <message>
        <source>The settings file {path} is a folder, not a file; move it away.</source>
        <translation>设置文件 {path} 是文件夹而不是文件；请将其移走。</translation>
    </message>
    <message>
        <source>The settings file {path} cannot be read ({reason}); fix its permissions.</source>
        <translation>无法读取设置文件 {path}（{reason}）；请修正其权限。</translation>
    </message>
    <message>
        <source>Cannot create the settings folder {path} ({reason}).</source>
        <translation>无法创建设置文件夹 {path}（{reason}）。</translation>
    </message>
    <message>
        <source>Cannot open the lock file {path} ({reason}).</source>
        <translation>无法打开锁文件 {path}（{reason}）。</translation>
    </message>
    <message>
        <source>Nothing was changed: the settings file {path} cannot be saved ({reason}).</source>
        <translation>未做任何更改：无法保存设置文件 {path}（{reason}）。</translation>
    </message>
    <message>
        <source>Another Rootkeeper process has held {path} for too long.</source>
        <translation>另一个 Rootkeeper 进程占用 {path} 的时间过长。</translation>
    </message>
    <message>
        <source>ROOTKEEPER_HOME must be an absolute path, and &apos;{value}&apos; is not one.</source>
        <translation>ROOTKEEPER_HOME 必须是绝对路径，而“{value}”不是。</translation>
    </message>
    <message>
        <source>The policy {source} named by ROOTKEEPER_POLICY does not exist; nothing is shared until it does or the variable is removed.</source>
        <translation>ROOTKEEPER_POLICY 指定的策略 {source} 不存在；在它存在或删除该变量之前，不会共享任何内容。</translation>
    </message>
    <message>
        <source>The policy {source} can be changed by someone other than the administrator, so it is refused and nothing is shared.</source>
        <translation>策略 {source} 可被管理员以外的人修改，因此已被拒绝，不会共享任何内容。</translation>
    </message>
    <message>
        <source>It ran tool calls without asking for its folders. If it asks for them only when it connects, this lets it see them: {command}</source>
        <translation>它运行了工具调用，却从未询问它的文件夹。如果它只在连接时询问，这样可以让它看到这些文件夹：{command}</translation>
    </message>
    <message>
        <source>The settings file said things Rootkeeper had to repair; its original is kept at {path}.</source>
        <translation>设置文件中有 Rootkeeper 必须修复的内容；其原始文件保存在 {path}。</translation>
    </message>
    <message>
        <source>The history file was damaged and has been moved to {path}; Rootkeeper started a new one.</source>
        <translation>历史记录文件已损坏，已移至 {path}；Rootkeeper 已新建一个。</translation>
    </message>
    <message>
        <source>Sharing with {server} is paused in Rootkeeper.</source>
        <translation>Rootkeeper 中与 {server} 的共享已暂停。</translation>
    </message>
    <message>
        <source>{server} is waiting for your consent in Rootkeeper: it sees no folder until you decide.</source>
        <translation>{server} 正在 Rootkeeper 中等待你的同意：在你决定之前，它看不到任何文件夹。</translation>
    </message>
    <message>
        <source>Rootkeeper shares no folder with {server} right now.</source>
        <translation>Rootkeeper 目前没有与 {server} 共享任何文件夹。</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Started with exactly the shared folders, and restarted when they change.</source>
        <translation>启动时只获得共享的文件夹，文件夹变化时会重新启动。</translation>
    </message>
    <message>
        <source>Told</source>
        <translation>已告知</translation>
    </message>
    <message>
        <source>Asks for its folders and follows every change.</source>
        <translation>会询问它的文件夹，并跟随每次变化。</translation>
    </message>
    <message>
        <source>Told at connect</source>
        <translation>连接时告知</translation>
    </message>
    <message>
        <source>Asks for its folders only when it connects: Rootkeeper reconnects it when they change.</source>
        <translation>只在连接时询问它的文件夹：文件夹变化时 Rootkeeper 会重新连接它。</translation>
    </message>
    <message>
        <source>Not told</source>
        <translation>未告知</translation>
    </message>
    <message>
        <source>Never asks for its folders: it sees only what its own configuration gives it.</source>
        <translation>从不询问它的文件夹：它只看到自己的配置给它的内容。</translation>
    </message>
    <message>
        <source>Keeps its own folders</source>
        <translation>保留自己的文件夹</translation>
    </message>
    <message>
        <source>It serves {folders} whatever the list says.</source>
        <translation>无论列表如何，它都会提供 {folders}。</translation>
    </message>
    <message>
        <source>Not known yet</source>
        <translation>尚不清楚</translation>
    </message>
    <message>
        <source>Rootkeeper has not yet seen whether it asks for its folders.</source>
        <translation>Rootkeeper 尚未看到它是否会询问它的文件夹。</translation>
    </message>
    <message>
        <source>Confined</source>
        <translation>受限运行</translation>
    </message>
    <message>
        <source>Runs confined: the system refuses it every file of yours outside its folders, and it is restarted when they change.</source>
        <translation>受限运行：系统拒绝它访问其文件夹以外的任何您的文件；文件夹变化时它会被重新启动。</translation>
    </message>
    <message>
        <source>{server} can read and change: {folders}; can read: the system and its own program; cannot see anything else in your home.</source>
        <translation>{server} 可以读取和修改：{folders}；可以读取：系统及其自身程序；看不到您主文件夹中的其他任何内容。</translation>
    </message>
    <message>
        <source>{server} can read and change: {folders}; can read: {read_only}, the system and its own program; cannot see anything else in your home.</source>
        <translation>{server} 可以读取和修改：{folders}；可以读取：{read_only}、系统及其自身程序；看不到您主文件夹中的其他任何内容。</translation>
    </message>
    <message>
        <source>{server} can read: {read_only}, the system and its own program; cannot change or see anything else in your home.</source>
        <translation>{server} 可以读取：{read_only}、系统及其自身程序；不能修改或看到您主文件夹中的其他任何内容。</translation>
    </message>
    <message>
        <source>{server} can read: the system and its own program; cannot see any folder of yours.</source>
        <translation>{server} 可以读取：系统及其自身程序；看不到您的任何文件夹。</translation>
    </message>
    <message>
        <source>{command} was not started: it is set to run confined, and this system&apos;s kernel offers no Landlock to confine it (turn confinement off for this server to run it unconfined).</source>
        <translation>{command} 未启动：它被设置为受限运行，而本系统的内核不提供 Landlock 来限制它（为此服务器关闭限制即可不受限地运行它）。</translation>
    </message>
    <message>
        <source>{command} was not started: it is set to run confined, and this kernel&apos;s Landlock (version {abi}) is older than the version {needed} its folders need (turn confinement off for this server to run it unconfined).</source>
        <translation>{command} 未启动：它被设置为受限运行，而此内核的 Landlock（版本 {abi}）低于其文件夹所需的版本 {needed}（为此服务器关闭限制即可不受限地运行它）。</translation>
    </message>
    <message>
        <source>{command} was not started: confining it failed ({reason}).</source>
        <translation>{command} 未启动：限制它失败（{reason}）。</translation>
    </message>
    <message>
        <source>{server} now runs confined to the folders it is given.</source>
        <translation>{server} 现在受限运行，只能访问分配给它的文件夹。</translation>
    </message>
    <message>
        <source>{server} now runs unconfined: it can reach every file you can.</source>
        <translation>{server} 现在不受限运行：它可以访问您能访问的每个文件。</translation>
    </message>
    <message>
        <source>{server} is reached over HTTP: Rootkeeper does not start it, so it cannot confine it.</source>
        <translation>{server} 通过 HTTP 连接：Rootkeeper 不启动它，因此无法限制它。</translation>
    </message>
    <message>
        <source>Servers cannot be confined on this system: it offers no Landlock.</source>
        <translation>此系统无法限制服务器：它不提供 Landlock。</translation>
    </message>
    <message>
        <source>Servers cannot be confined on this system: it offers no sandbox-exec.</source>
        <translation>此系统无法限制服务器：它没有提供 sandbox-exec。</translation>
    </message>
    <message>
        <source>Not confined on Windows: Rootkeeper cannot limit what a server started there may touch.</source>
        <translation>在 Windows 上不受限：Rootkeeper 无法限制在那里启动的服务器能访问的内容。</translation>
    </message>
    <message>
        <source>Not confined: it can reach every file you can. To confine it to its folders: {command}</source>
        <translation>未受限：它能访问你能访问的所有文件。要将它限制在它的文件夹内：{command}</translation>
    </message>
    <message>
        <source>The network stays open to it.</source>
        <translation>网络对它仍然开放。</translation>
    </message>
    <message>
        <source>Runs confined. {summary} The network stays open to it.</source>
        <translation>受限运行。{summary} 网络对它仍然开放。</translation>
    </message>
    <message>
        <source>Gave up after waiting {seconds} s for {path}: other Rootkeeper processes kept changing the settings all that time; try again.</source>
        <translation>等待 {path} {seconds} 秒后放弃：其他 Rootkeeper 进程在此期间一直在更改设置；请重试。</translation>
    </message>
    <message>
        <source>Gave up after waiting {seconds} s for {path}: {holder} has held it all that time without saving anything.</source>
        <translation>等待 {path} {seconds} 秒后放弃：{holder} 一直占用它，却没有保存任何内容。</translation>
    </message>
    <message>
        <source>Rootkeeper runs, but a second start cannot bring its window forward: it cannot listen on {path} ({reason}).</source>
        <translation>Rootkeeper 正在运行，但再次启动时无法将其窗口调到前面：无法在 {path} 上监听（{reason}）。</translation>
    </message>
    <message>
        <source>The settings file {path} is not a regular file; move it away.</source>
        <translation>设置文件 {path} 不是普通文件；请将其移走。</translation>
    </message>
    <message>
        <source>The shared folder &apos;{name}&apos; had the location {uri}, which is not a local folder; it was dropped.</source>
        <translation>共享文件夹“{name}”的位置是 {uri}，这不是本地文件夹；已将其移除。</translation>
    </message>
    <message>
        <source>The shared folder &apos;{name}&apos; claimed the location {uri}, which is not its path {path}; the location was rebuilt from the path.</source>
        <translation>共享文件夹“{name}”声称位置为 {uri}，但这不是它的路径 {path}；已根据路径重建位置。</translation>
    </message>
    <message>
        <source>Two shared folders had the id {id}; &apos;{name}&apos; now has the id {new}.</source>
        <translation>有两个共享文件夹的 ID 都是 {id}；“{name}”现在的 ID 是 {new}。</translation>
    </message>
    <message>
        <source>The settings file was damaged and has been moved to {path}; Rootkeeper started a new one.</source>
        <translation>设置文件已损坏，已被移到 {path}；Rootkeeper 已新建了一个设置文件。</translation>
    </message>
    <message>
        <source>Unexpected error: {error}.</source>
        <translation>意外错误：{error}。</translation>
    </message>
    <message>
        <source>The working directory &apos;{cwd}&apos; does not exist.</source>
        <translation>工作目录“{cwd}”不存在。</translation>
    </message>
    <message>
        <source>Command &apos;{command}&apos; was not found.</source>
        <translation>找不到命令“{command}”。</translation>
    </message>
    <message>
        <source>Command &apos;{command}&apos; could not be run: permission denied.</source>
        <translation>无法运行命令“{command}”：权限被拒绝。</translation>
    </message>
    <message>
        <source>Command &apos;{command}&apos; could not be started: {reason}.</source>
        <translation>无法启动命令“{command}”：{reason}。</translation>
    </message>
    <message>
        <source>Connection refused by {where}.</source>
        <translation>{where} 拒绝了连接。</translation>
    </message>
    <message>
        <source>Could not connect to {where}: {reason}.</source>
        <translation>无法连接到 {where}：{reason}。</translation>
    </message>
    <message>
        <source>The connection to {where} failed: {reason}.</source>
        <translation>与 {where} 的连接失败：{reason}。</translation>
    </message>
    <message>
        <source>The server answered with error {code}: {reason}.</source>
        <translation>服务器返回错误 {code}：{reason}。</translation>
    </message>
    <message>
        <source>The server only speaks protocol versions Rootkeeper does not know ({versions}).</source>
        <translation>服务器只支持 Rootkeeper 不认识的协议版本（{versions}）。</translation>
    </message>
    <message>
        <source>The server offered a protocol version Rootkeeper does not support ({reason}).</source>
        <translation>服务器提供的协议版本 Rootkeeper 不支持（{reason}）。</translation>
    </message>
    <message>
        <source>The server sent a reply that does not follow the MCP schema.</source>
        <translation>服务器发送的回复不符合 MCP 规范。</translation>
    </message>
    <message>
        <source>The server closed the connection.</source>
        <translation>服务器关闭了连接。</translation>
    </message>
    <message>
        <source>The server closed the connection; its log ends with “{log_tail}”.</source>
        <translation>服务器关闭了连接；其日志最后一行是“{log_tail}”。</translation>
    </message>
    <message>
        <source>The server closed the connection; its log says “{cause}”.</source>
        <translation>服务器关闭了连接；其日志显示“{cause}”。</translation>
    </message>
    <message>
        <source>The server exited with code {code}; its log says “{cause}”.</source>
        <translation>服务器已退出，退出码 {code}；其日志显示“{cause}”。</translation>
    </message>
    <message>
        <source>The server exited with code {code}; its log ends with “{log_tail}”.</source>
        <translation>服务器已退出，退出码 {code}；其日志最后一行是“{log_tail}”。</translation>
    </message>
    <message>
        <source>The server was stopped by signal {signal}; its log says “{cause}”.</source>
        <translation>服务器被信号 {signal} 终止；其日志显示“{cause}”。</translation>
    </message>
    <message>
        <source>The server did not answer within {seconds} s.</source>
        <translation>服务器在 {seconds} 秒内没有响应。</translation>
    </message>
    <message>
        <source>The server wrote something that is not JSON-RPC on stdout.</source>
        <translation>服务器在标准输出上写入了不是 JSON-RPC 的内容。</translation>
    </message>
    <message>
        <source>The server sent something that is not JSON-RPC.</source>
        <translation>服务器发送了不是 JSON-RPC 的内容。</translation>
    </message>
    <message>
        <source>HTTP {status} {reason} from {url}.</source>
        <translation>{url} 返回 HTTP {status}（{reason}）。</translation>
    </message>
    <message>
        <source>HTTP {status} from {url}.</source>
        <translation>{url} 返回 HTTP {status}。</translation>
    </message>
    <message>
        <source>The server no longer knows this session (HTTP 404 from {url}); reconnecting.</source>
        <translation>服务器已不认识此会话（{url} 返回 HTTP 404）；正在重新连接。</translation>
    </message>
    <message>
        <source>The server stopped answering at {where}.</source>
        <translation>{where} 上的服务器不再响应。</translation>
    </message>
    <message>
        <source>The server is not connected.</source>
        <translation>服务器未连接。</translation>
    </message>
    <message>
        <source>The server is {state}.</source>
        <translation>服务器状态：{state}。</translation>
    </message>
    <message>
        <source>The server did not connect within {seconds} s.</source>
        <translation>服务器在 {seconds} 秒内没有连接上。</translation>
    </message>
    <message>
        <source>The connection closed before the server answered.</source>
        <translation>服务器响应之前连接就已关闭。</translation>
    </message>
    <message>
        <source>Rootkeeper could not build the roots list.</source>
        <translation>Rootkeeper 无法生成根目录列表。</translation>
    </message>
    <message>
        <source>The server asked for the shared folders, and Rootkeeper refused: nothing is shared with this server.</source>
        <translation>服务器请求查看共享文件夹，Rootkeeper 已拒绝：没有与此服务器共享任何内容。</translation>
    </message>
    <message>
        <source>The server wrote a message larger than {limit} MiB, so Rootkeeper disconnected it.</source>
        <translation>服务器写入了大于 {limit} MiB 的消息，因此 Rootkeeper 已断开与它的连接。</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>未启动</translation>
    </message>
    <message>
        <source>Held back</source>
        <translation>已暂缓</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>已停用</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation>正在重新连接</translation>
    </message>
    <message>
        <source>Needs your attention</source>
        <translation>需要您处理</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>It failed {count} times in a row the same way, so Rootkeeper stopped retrying: this will not fix itself. Check the server&apos;s command, then reconnect it.</source>
        <translation>它以同样的方式连续失败了 {count} 次，因此 Rootkeeper 已停止重试：这不会自行恢复。请检查该服务器的命令，然后重新连接它。</translation>
    </message>
    <message>
        <source>Rootkeeper stopped retrying: this will not fix itself. Check the server&apos;s settings, then reconnect it.</source>
        <translation>Rootkeeper 已停止重试：这不会自行恢复。请检查该服务器的设置，然后重新连接它。</translation>
    </message>
    <message>
        <source>Another Rootkeeper process already keeps the servers connected; stop it first.</source>
        <translation>另一个 Rootkeeper 进程已在保持服务器连接；请先停止它。</translation>
    </message>
    <message>
        <source>The Rootkeeper tray app already keeps the servers connected (process {pid}); quit it first.</source>
        <translation>Rootkeeper 托盘程序已在保持服务器连接（进程 {pid}）；请先退出它。</translation>
    </message>
    <message>
        <source>A headless Rootkeeper hub already keeps the servers connected (process {pid}); stop it first.</source>
        <translation>一个无界面的 Rootkeeper 中枢已在保持服务器连接（进程 {pid}）；请先停止它。</translation>
    </message>
    <message>
        <source>Cannot open the hub lock {path} ({reason}); check the state folder&apos;s permissions.</source>
        <translation>无法打开中枢锁文件 {path}（{reason}）；请检查状态文件夹的权限。</translation>
    </message>
    <message>
        <source>&apos;{host}&apos; is not a host Rootkeeper knows; use one of {hosts}.</source>
        <translation>“{host}”不是 Rootkeeper 认识的 AI 宿主程序；请使用 {hosts} 之一。</translation>
    </message>
    <message>
        <source>The name of {path} does not tell which host it belongs to; say it with --host ({hosts}).</source>
        <translation>从 {path} 的名称看不出它属于哪个宿主程序；请用 --host 指明（{hosts}）。</translation>
    </message>
    <message>
        <source>The {host} config {path} cannot be read ({reason}); fix it first, it was left untouched.</source>
        <translation>无法读取 {host} 的配置文件 {path}（{reason}）；请先修复它，该文件未被改动。</translation>
    </message>
    <message>
        <source>Rootkeeper cannot safely edit the entry &apos;{entry}&apos; in the {host} config {path} ({reason}); the file was left untouched.</source>
        <translation>Rootkeeper 无法安全地修改 {host} 配置 {path} 中的条目 “{entry}”（{reason}）；文件未被改动。</translation>
    </message>
    <message>
        <source>{host} has no server named {names}; it has: {known}.</source>
        <translation>{host} 中没有名为 {names} 的服务器；它有：{known}。</translation>
    </message>
    <message>
        <source>Rootkeeper&apos;s record of host changes {path} cannot be read ({reason}); restore the host files from their backups.</source>
        <translation>无法读取 Rootkeeper 对宿主程序配置的修改记录 {path}（{reason}）；请从备份恢复这些配置文件。</translation>
    </message>
    <message>
        <source>{path} changed while Rootkeeper was editing it; nothing was written, run the command again.</source>
        <translation>{path} 在 Rootkeeper 编辑期间被改动；未写入任何内容，请重新运行该命令。</translation>
    </message>
    <message>
        <source>{path} is read-only; Rootkeeper left it as it is (make it writable to route its servers).</source>
        <translation>{path} 是只读的；Rootkeeper 没有改动它（使其可写后才能为其服务器转接）。</translation>
    </message>
    <message>
        <source>{path} has other hard links, which a rewrite would separate from it; Rootkeeper left it as it is.</source>
        <translation>{path} 还有其他硬链接，重写会使它们与之分离；Rootkeeper 没有改动它。</translation>
    </message>
    <message>
        <source>Left {path} as it is: it belongs to this project and is shared with whoever checks it out; add --project to route it too, with an entry that works on their machines.</source>
        <translation>{path} 保持原样：它属于这个项目，会与每个检出项目的人共享；加上 --project 也可为它转接，写入的条目在他们的电脑上同样可用。</translation>
    </message>
    <message>
        <source>The entries written start Rootkeeper from the development copy in {folder}; they stop working if it is moved or deleted. Install Rootkeeper (its package, or pipx) for entries that last.</source>
        <translation>写入的条目从 {folder} 中的开发副本启动 Rootkeeper；该文件夹被移动或删除后它们就会失效。请安装 Rootkeeper（安装包或 pipx），让条目长期有效。</translation>
    </message>
    <message>
        <source>{path} could not be rewritten ({reason}); it was left as it was.</source>
        <translation>无法重写 {path}（{reason}）；它保持原样。</translation>
    </message>
    <message>
        <source>No keyring is available, so server secrets are kept in {path}, readable only by you.</source>
        <translation>没有可用的密钥环，因此服务器机密保存在 {path} 中，只有你能读取。</translation>
    </message>
    <message>
        <source>The keyring refused a server secret ({reason}), so it is kept in {path}, readable only by you.</source>
        <translation>密钥环拒绝了一个服务器机密（{reason}），因此它保存在 {path} 中，只有你能读取。</translation>
    </message>
    <message>
        <source>The secrets of {servers} were moved out of the settings file into the keyring.</source>
        <translation>{servers} 的机密已从设置文件移到密钥环中。</translation>
    </message>
    <message>
        <source>The secrets of {servers} were moved out of the settings file into {path}, readable only by you.</source>
        <translation>{servers} 的机密已从设置文件移到 {path} 中，只有你能读取。</translation>
    </message>
    <message>
        <source>A secret value of this server is missing from the keyring; enter it again in its settings.</source>
        <translation>密钥环中缺少此服务器的一个机密值；请在它的设置中重新输入。</translation>
    </message>
    <message>
        <source>A secret value of this server is missing from {path}; enter it again in its settings.</source>
        <translation>{path} 中缺少此服务器的一个机密值；请在它的设置中重新输入。</translation>
    </message>
    <message>
        <source>A secret value of this server is in the keyring, and no keyring can be reached from here.</source>
        <translation>此服务器的一个机密值在密钥环中，但从这里无法访问任何密钥环。</translation>
    </message>
    <message>
        <source>A secret value of this server cannot be read from the keyring ({reason}).</source>
        <translation>无法从密钥环读取此服务器的一个机密值（{reason}）。</translation>
    </message>
    <message>
        <source>The secrets file {path} cannot be read ({reason}).</source>
        <translation>无法读取机密文件 {path}（{reason}）。</translation>
    </message>
    <message>
        <source>{path} may not be shared: the administrator&apos;s policy ({source}) forbids {rule}.</source>
        <translation>{path} 不能共享：管理员的策略（{source}）禁止 {rule}。</translation>
    </message>
    <message>
        <source>{path} may not be shared: the administrator&apos;s policy ({source}) allows only folders in {allowed}.</source>
        <translation>{path} 不能共享：管理员的策略（{source}）只允许共享 {allowed} 中的文件夹。</translation>
    </message>
    <message>
        <source>The server &apos;{name}&apos; is not allowed by the administrator&apos;s policy ({source}, rule: {rule}).</source>
        <translation>管理员的策略（{source}，规则：{rule}）不允许服务器“{name}”。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; may not see any folder: the administrator&apos;s policy ({source}) says it shares nothing.</source>
        <translation>“{name}”不能看到任何文件夹：管理员的策略（{source}）规定它不共享任何内容。</translation>
    </message>
    <message>
        <source>Sharing cannot be paused: the administrator&apos;s policy ({source}) does not allow it.</source>
        <translation>不能暂停共享：管理员的策略（{source}）不允许。</translation>
    </message>
    <message>
        <source>The administrator&apos;s policy {source} cannot be used ({reason}); nothing is shared until it is fixed.</source>
        <translation>无法使用管理员的策略 {source}（{reason}）；在修复之前不会共享任何内容。</translation>
    </message>
    <message>
        <source>&apos;{value}&apos; is not a time; use a date (2026-12-01), a date and time (2026-12-01T10:30) or an age such as 30m, 12h or 7d.</source>
        <translation>“{value}”不是时间；请使用日期（2026-12-01）、日期和时间（2026-12-01T10:30）或时长，例如 30m、12h 或 7d。</translation>
    </message>
    <message>
        <source>The log level &apos;{value}&apos; is not one of {levels}.</source>
        <translation>日志级别“{value}”不是 {levels} 之一。</translation>
    </message>
    <message>
        <source>{host} has no server named {names}; it has: none.</source>
        <translation>{host} 中没有名为 {names} 的服务器；它一个服务器也没有。</translation>
    </message>
    <message>
        <source>There is no command {command}; did you mean {close}?</source>
        <translation>没有命令 {command}；您是不是要用 {close}？</translation>
    </message>
    <message>
        <source>There is no command {command}; the commands are {commands}.</source>
        <translation>没有命令 {command}；可用的命令有 {commands}。</translation>
    </message>
    <message>
        <source>Rootkeeper is running in your tray.</source>
        <translation>Rootkeeper 正在系统托盘中运行。</translation>
    </message>
    <message>
        <source>--name can only be used when adding one path.</source>
        <translation>只有在添加一个路径时才能使用 --name。</translation>
    </message>
    <message>
        <source>Give LOCAL=REMOTE pairs, or --clear, but not both.</source>
        <translation>请给出 LOCAL=REMOTE 对，或者 --clear，但不要两者都给。</translation>
    </message>
    <message>
        <source>--args is not valid JSON ({reason} at position {position}).</source>
        <translation>--args 不是有效的 JSON（位置 {position}：{reason}）。</translation>
    </message>
    <message>
        <source>--args must be a JSON object, for example &apos;{&quot;path&quot;: &quot;/tmp&quot;}&apos;.</source>
        <translation>--args 必须是 JSON 对象，例如 {&quot;path&quot;: &quot;/tmp&quot;}。</translation>
    </message>
    <message>
        <source>The history is locked by another process; try again in a moment.</source>
        <translation>历史记录被另一个进程锁定；请稍后再试。</translation>
    </message>
    <message>
        <source>The history {path} cannot be read ({reason}).</source>
        <translation>无法读取历史记录 {path}（{reason}）。</translation>
    </message>
    <message>
        <source>--limit must be a whole number from 0 to {most}.</source>
        <translation>--limit 必须是 0 到 {most} 之间的整数。</translation>
    </message>
    <message>
        <source>There is no file at {path}.</source>
        <translation>{path} 处没有文件。</translation>
    </message>
    <message>
        <source>Name a host ({hosts}) or give a config file.</source>
        <translation>请指明一个宿主程序（{hosts}）或给出一个配置文件。</translation>
    </message>
    <message>
        <source>No {host} config was found (looked for {looked}).</source>
        <translation>没有找到 {host} 的配置文件（查找了 {looked}）。</translation>
    </message>
    <message>
        <source>A {host} has no place of its own; give its path.</source>
        <translation>{host}没有固定的存放位置；请给出它的路径。</translation>
    </message>
    <message>
        <source>Header {item} is not of the form KEY=VALUE.</source>
        <translation>标头 {item} 不是 KEY=VALUE 的形式。</translation>
    </message>
    <message>
        <source>Variable {item} is not of the form KEY=VALUE.</source>
        <translation>变量 {item} 不是 KEY=VALUE 的形式。</translation>
    </message>
    <message>
        <source>Give either --url URL or -- COMMAND, not both.</source>
        <translation>请给出 --url URL 或 -- COMMAND 之一，不要两者都给。</translation>
    </message>
    <message>
        <source>--env and --cwd apply to command servers, not to --url servers.</source>
        <translation>--env 和 --cwd 只适用于以命令启动的服务器，不适用于 --url 服务器。</translation>
    </message>
    <message>
        <source>Say how to reach the server: --url URL, or -- COMMAND [ARG...] at the end.</source>
        <translation>请说明如何连接服务器：--url URL，或在末尾写 -- COMMAND [ARG...]。</translation>
    </message>
    <message>
        <source>--header applies to --url servers, not to command servers.</source>
        <translation>--header 只适用于 --url 服务器，不适用于以命令启动的服务器。</translation>
    </message>
    <message>
        <source>Give either a server&apos;s NAME or -- COMMAND [ARG...], not both or neither.</source>
        <translation>请给出服务器的 NAME 或 -- COMMAND [ARG...] 中的一个，不能两者都给，也不能都不给。</translation>
    </message>
    <message>
        <source>--name names an ad-hoc server (-- COMMAND); a configured one already has its name.</source>
        <translation>--name 用于命名临时服务器（-- COMMAND）；已配置的服务器已经有自己的名称。</translation>
    </message>
    <message>
        <source>--confine and --no-confine decide how an ad-hoc server (-- COMMAND) is registered; a configured one is changed with: {command}</source>
        <translation>--confine 和 --no-confine 决定临时服务器（-- COMMAND）以何种方式登记；已配置的服务器用以下命令更改：{command}</translation>
    </message>
    <message>
        <source>The tool &apos;{tool}&apos; reported an error: {detail}</source>
        <translation>工具“{tool}”报告了错误：{detail}</translation>
    </message>
    <message>
        <source>The tool &apos;{tool}&apos; reported an error: no details given</source>
        <translation>工具“{tool}”报告了错误，但没有给出详情</translation>
    </message>
    <message>
        <source>Interrupted after the change was saved; it is complete.</source>
        <translation>在更改保存之后被中断；更改是完整的。</translation>
    </message>
    <message>
        <source>Interrupted; nothing was changed.</source>
        <translation>已中断；未做任何更改。</translation>
    </message>
    <message>
        <source>The change was saved, but its report could not be written ({reason}).</source>
        <translation>更改已保存，但无法写出其报告（{reason}）。</translation>
    </message>
    <message>
        <source>The output could not be written ({reason}); nothing was changed.</source>
        <translation>无法写出输出（{reason}）；未做任何更改。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; did not connect within {seconds} s.</source>
        <translation>“{name}”在 {seconds} 秒内没有连接上。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; did not answer the call to &apos;{tool}&apos; within {seconds} s.</source>
        <translation>“{name}”在 {seconds} 秒内没有回应对“{tool}”的调用。</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is unavailable: {reason}</source>
        <translation>“{name}”不可用：{reason}</translation>
    </message>
    <message>
        <source>Calling &apos;{tool}&apos; on &apos;{name}&apos; failed: {reason}</source>
        <translation>在“{name}”上调用“{tool}”失败：{reason}</translation>
    </message>
    <message>
        <source>A server named &apos;{name}&apos; already runs another command; pick another --name.</source>
        <translation>名为“{name}”的服务器已经运行着另一个命令；请换一个 --name。</translation>
    </message>
    <message>
        <source>The server&apos;s command {command} was not found.</source>
        <translation>找不到服务器的命令 {command}。</translation>
    </message>
    <message>
        <source>The server&apos;s command {command} cannot be run (permission denied).</source>
        <translation>无法运行服务器的命令 {command}（权限被拒绝）。</translation>
    </message>
    <message>
        <source>The server&apos;s command {command} could not start: {reason}.</source>
        <translation>服务器的命令 {command} 无法启动：{reason}。</translation>
    </message>
    <message>
        <source>This request id is in use by Rootkeeper&apos;s bridge.</source>
        <translation>这个请求 ID 正被 Rootkeeper 的桥接程序使用。</translation>
    </message>
    <message>
        <source>The server went away.</source>
        <translation>服务器已断开。</translation>
    </message>
    <message>
        <source>The server sent {what}, more than the bridge accepts; it was stopped.</source>
        <translation>服务器发送了 {what}，超出桥接程序能接受的上限；它已被停止。</translation>
    </message>
    <message>
        <source>The server cannot be reached: {reason}</source>
        <translation>无法连接到服务器：{reason}</translation>
    </message>
    <message>
        <source>The server lost the session (HTTP 404).</source>
        <translation>服务器丢失了会话（HTTP 404）。</translation>
    </message>
    <message>
        <source>The server lost the session (HTTP 404) and did not accept a new one.</source>
        <translation>服务器丢失了会话（HTTP 404），且不接受新的会话。</translation>
    </message>
    <message>
        <source>The server ended the answer&apos;s stream before the answer.</source>
        <translation>服务器在给出回答之前结束了回答的流。</translation>
    </message>
    <message>
        <source>The server answered HTTP {status}.</source>
        <translation>服务器返回了 HTTP {status}。</translation>
    </message>
    <message>
        <source>The bridge closed the HTTP session.</source>
        <translation>桥接程序关闭了 HTTP 会话。</translation>
    </message>
    <message>
        <source>The server kept asking for input after {rounds} rounds.</source>
        <translation>经过 {rounds} 轮之后，服务器仍在要求输入。</translation>
    </message>
    <message>
        <source>The server is not reading its input.</source>
        <translation>服务器没有读取它的输入。</translation>
    </message>
    <message>
        <source>server restarted, try again</source>
        <translation>服务器已重新启动，请重试</translation>
    </message>
    <message>
        <source>The server could not be restarted.</source>
        <translation>无法重新启动服务器。</translation>
    </message>
    <message>
        <source>The server was not started.</source>
        <translation>服务器没有启动。</translation>
    </message>
    <message>
        <source>The server closed its output.</source>
        <translation>服务器关闭了它的输出。</translation>
    </message>
    <message>
        <source>The server was stopped by signal {signal}.</source>
        <translation>服务器被信号 {signal} 终止。</translation>
    </message>
    <message>
        <source>The server exited with code {code}.</source>
        <translation>服务器已退出，退出码为 {code}。</translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>等另外 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shared folder(s) became unavailable</source>
        <translation>
            <numerusform>%n 个共享文件夹变得不可用</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 left the list servers see, until it comes back.</source>
        <translation>
            <numerusform>%1 已从服务器看到的列表中移除，直到恢复为止。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shared folder(s) available again</source>
        <translation>
            <numerusform>%n 个共享文件夹已恢复可用</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is back in the list servers see.</source>
        <translation>
            <numerusform>%1 已重新出现在服务器看到的列表中。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) failed</source>
        <translation>
            <numerusform>%n 个服务器出现故障</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PasteDialog</name>
    <message>
        <source>Share a path</source>
        <translation>共享路径</translation>
    </message>
    <message>
        <source>Paste or type the path of a folder or file. Quotes, spaces around it and file:// links are cleaned up; nothing is saved until you choose Share.</source>
        <translation>粘贴或输入文件夹或文件的路径。引号、首尾空格和 file:// 链接会被自动清理；在你选择“共享”之前不会保存任何内容。</translation>
    </message>
    <message>
        <source>For example ~/projects/website</source>
        <translation>例如 ~/projects/website</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>共享</translation>
    </message>
    <message>
        <source>Cleaned up:</source>
        <translation>清理后：</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>文件夹：</translation>
    </message>
    <message>
        <source>Links to:</source>
        <translation>链接到：</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>This is already shared as &apos;%1&apos;.</source>
        <translation>它已经以“%1”的名称共享。</translation>
    </message>
</context>
<context>
    <name>RootkeeperApp</name>
    <message>
        <source>The GUI settings file was damaged and has been moved to %1; defaults are used.</source>
        <translation>界面设置文件已损坏，已移至 %1；现使用默认设置。</translation>
    </message>
    <message>
        <source>Another Rootkeeper process keeps the servers connected and did not stop when asked, so this window does not connect them.</source>
        <translation>另一个 Rootkeeper 进程正在保持服务器连接，且未按请求停止，因此此窗口不连接服务器。</translation>
    </message>
    <message>
        <source>Rootkeeper keeps running</source>
        <translation>Rootkeeper 仍在运行</translation>
    </message>
    <message>
        <source>Servers stay informed while the window is closed. Use the tray icon to open it or to quit.</source>
        <translation>窗口关闭后，服务器仍会收到更新。使用托盘图标可以重新打开窗口或退出。</translation>
    </message>
</context>
<context>
    <name>RootsPage</name>
    <message>
        <source>Remove the selected folders from the list; no files are deleted.</source>
        <translation>从列表中移除所选文件夹；不会删除任何文件。</translation>
    </message>
    <message>
        <source>&amp;Turn off (keep in the list)</source>
        <translation>关闭(&amp;T)（保留在列表中）</translation>
    </message>
    <message>
        <source>&amp;Turn on</source>
        <translation>打开(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Share a folder…</source>
        <translation>共享文件夹(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Paste a path…</source>
        <translation>粘贴路径(&amp;P)…</translation>
    </message>
    <message>
        <source>S&amp;top sharing</source>
        <translation>停止共享(&amp;T)</translation>
    </message>
    <message>
        <source>S&amp;top sharing…</source>
        <translation>停止共享(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Check now</source>
        <translation>立即检查(&amp;C)</translation>
    </message>
    <message>
        <source>Check again that every shared folder can be opened.</source>
        <translation>重新检查每个共享文件夹是否可以打开。</translation>
    </message>
    <message>
        <source>Su&amp;ggested</source>
        <translation>建议(&amp;G)</translation>
    </message>
    <message>
        <source>Repositories and recent editor projects on this computer; nothing is shared until you pick one.</source>
        <translation>这台电脑上的代码仓库和编辑器最近打开的项目；在你选中之前不会共享任何文件夹。</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>重命名(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Open in the file manager</source>
        <translation>在文件管理器中打开(&amp;O)</translation>
    </message>
    <message>
        <source>Copy &amp;path</source>
        <translation>复制路径(&amp;P)</translation>
    </message>
    <message>
        <source>Copy &amp;URI</source>
        <translation>复制 URI(&amp;U)</translation>
    </message>
    <message>
        <source>Filter (Ctrl+F)</source>
        <translation>筛选（Ctrl+F）</translation>
    </message>
    <message>
        <source>No folder is shared yet.
Drag a folder here or click Share a folder…</source>
        <translation>还没有共享任何文件夹。
把文件夹拖到这里，或点击“共享文件夹…”</translation>
    </message>
    <message>
        <source>No shared folder matches the filter.</source>
        <translation>没有符合筛选条件的共享文件夹。</translation>
    </message>
    <message>
        <source>Drag folders or files here from your file manager to share them. Double-click a name to rename it. A server that runs confined can touch only the folders shared with it; any other is only told where to work.</source>
        <translation>从文件管理器把文件夹或文件拖到这里即可共享。双击名称可以重命名。受限运行的服务器只能访问与它共享的文件夹；其他服务器只是被告知在哪里工作。</translation>
    </message>
</context>
<context>
    <name>RootsTableModel</name>
    <message>
        <source>Shared</source>
        <translation>共享</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>检查时间</translation>
    </message>
    <message>
        <source>Seen by</source>
        <translation>可见于</translation>
    </message>
    <message>
        <source>Unchecked folders stay in the list but no server is told about them.</source>
        <translation>未勾选的文件夹仍保留在列表中，但不会告知任何服务器。</translation>
    </message>
    <message>
        <source>Whether Rootkeeper itself can open the folder right now.</source>
        <translation>Rootkeeper 自身当前能否打开该文件夹。</translation>
    </message>
    <message>
        <source>The servers holding this folder now: connected ones, and ones an AI host reaches through a live bridge. When none does, the ones the history says were given it are named in grey; the tooltip has each one&apos;s last time.</source>
        <translation>现在持有此文件夹的服务器：已连接的，以及 AI 主机通过活动桥接访问的。若没有，则以灰色列出历史记录中曾获得它的服务器；提示中有每个服务器的最后时间。</translation>
    </message>
    <message>
        <source>Blocked by policy</source>
        <translation>被策略禁止</translation>
    </message>
    <message>
        <source>Nobody (sharing is paused)</source>
        <translation>无（共享已暂停）</translation>
    </message>
    <message>
        <source>Nobody (turned off)</source>
        <translation>无（已关闭）</translation>
    </message>
    <message>
        <source>Nobody (blocked by policy)</source>
        <translation>没有（被策略禁止）</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>Nobody (not reachable)</source>
        <translation>无（无法访问）</translation>
    </message>
    <message>
        <source>Nobody now (earlier: %1)</source>
        <translation>现在无（此前：%1）</translation>
    </message>
    <message>
        <source>No server yet</source>
        <translation>暂无服务器</translation>
    </message>
    <message>
        <source>Entered as %1
Links to %2</source>
        <translation>输入为 %1
链接到 %2</translation>
    </message>
    <message>
        <source>Not checked yet.</source>
        <translation>尚未检查。</translation>
    </message>
    <message>
        <source>Checked at %1, as seen by Rootkeeper.</source>
        <translation>于 %1 检查（以 Rootkeeper 的视角）。</translation>
    </message>
    <message>
        <source>Turned off: no server is told about it</source>
        <translation>已关闭：不会告知任何服务器</translation>
    </message>
    <message>
        <source>%1 via %2</source>
        <translation>%1（经由 %2）</translation>
    </message>
    <message>
        <source>a bridge</source>
        <translation>桥接</translation>
    </message>
    <message>
        <source>holds it now (connected, and through the bridge)</source>
        <translation>现在持有（已连接，并通过桥接）</translation>
    </message>
    <message>
        <source>holds it now (connected)</source>
        <translation>现在持有（已连接）</translation>
    </message>
    <message>
        <source>holds it now (through the bridge)</source>
        <translation>现在持有（通过桥接）</translation>
    </message>
    <message>
        <source>not holding it now</source>
        <translation>现在未持有</translation>
    </message>
    <message>
        <source>last given at %1 through a bridge for %2</source>
        <translation>最后一次于 %1 通过 %2 的桥接给出</translation>
    </message>
    <message>
        <source>last given at %1 through a bridge</source>
        <translation>最后一次于 %1 通过桥接给出</translation>
    </message>
    <message>
        <source>last given at %1 in one call</source>
        <translation>最后一次于 %1 在单次调用中给出</translation>
    </message>
    <message>
        <source>last given at %1</source>
        <translation>最后一次于 %1 给出</translation>
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
        <translation>未选择服务器</translation>
    </message>
    <message>
        <source>Not yet</source>
        <translation>尚未</translation>
    </message>
    <message>
        <source>An empty list</source>
        <translation>空列表</translation>
    </message>
    <message numerus="yes">
        <source>Given %n folder(s) today, last at %1</source>
        <translation>
            <numerusform>今天收到 %n 个文件夹，最后一次在 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No folder today; last given a list at %1</source>
        <translation>今天没有文件夹；最后一次于 %1 收到列表</translation>
    </message>
    <message>
        <source>No AI host right now</source>
        <translation>目前没有 AI 宿主程序在使用</translation>
    </message>
    <message>
        <source>%1, the handshake era: told at once when its list changes</source>
        <translation>%1，握手时代：列表变化时会立即告知</translation>
    </message>
    <message>
        <source>%1: sees the current list whenever it asks</source>
        <translation>%1：每次请求时都会看到当前列表</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>状态：</translation>
    </message>
    <message>
        <source>Protocol:</source>
        <translation>协议：</translation>
    </message>
    <message>
        <source>May see:</source>
        <translation>可以看到：</translation>
    </message>
    <message>
        <source>Last given:</source>
        <translation>最后给出：</translation>
    </message>
    <message>
        <source>Was given:</source>
        <translation>收到的内容：</translation>
    </message>
    <message>
        <source>Last error:</source>
        <translation>上次错误：</translation>
    </message>
    <message>
        <source>Used by:</source>
        <translation>使用者：</translation>
    </message>
    <message>
        <source>This is the filesystem server: the roots it receives replace the folders on its own command line, so it may see fewer folders than you configured for it.</source>
        <translation>这是 filesystem 服务器：它收到的根目录会取代其命令行中的文件夹，因此它看到的文件夹可能比你为它配置的少。</translation>
    </message>
</context>
<context>
    <name>ServerDialog</name>
    <message>
        <source>Edit server</source>
        <translation>编辑服务器</translation>
    </message>
    <message>
        <source>Add a server</source>
        <translation>添加服务器</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;</source>
        <translation>字母、数字、“.”、“_” 或 “-”</translation>
    </message>
    <message>
        <source>Runs as:</source>
        <translation>运行方式：</translation>
    </message>
    <message>
        <source>A command on this computer (stdio)</source>
        <translation>这台电脑上的命令（stdio）</translation>
    </message>
    <message>
        <source>A web address (Streamable HTTP)</source>
        <translation>网址（Streamable HTTP）</translation>
    </message>
    <message>
        <source>Protocol era:</source>
        <translation>协议版本：</translation>
    </message>
    <message>
        <source>Detect automatically</source>
        <translation>自动检测</translation>
    </message>
    <message>
        <source>2025-11-25 (handshake; for servers that ask for folders after connecting)</source>
        <translation>2025-11-25（握手方式；适用于连接后才请求文件夹的服务器）</translation>
    </message>
    <message>
        <source>2026-07-28 (folders sent with each request)</source>
        <translation>2026-07-28（每次请求时发送文件夹）</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>npx -y @modelcontextprotocol/server-filesystem ~/scratch</source>
        <translation>npx -y @modelcontextprotocol/server-filesystem ~/scratch</translation>
    </message>
    <message>
        <source>Working folder:</source>
        <translation>工作文件夹：</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Environment:</source>
        <translation>环境变量：</translation>
    </message>
    <message>
        <source>one KEY=VALUE per line (optional)</source>
        <translation>每行一个 KEY=VALUE（可选）</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>地址：</translation>
    </message>
    <message>
        <source>Headers:</source>
        <translation>请求头：</translation>
    </message>
    <message>
        <source>one &apos;Name: value&apos; per line (optional)</source>
        <translation>每行一个 “Name: value”（可选）</translation>
    </message>
    <message>
        <source>What this server may see</source>
        <translation>此服务器可以看到的内容</translation>
    </message>
    <message>
        <source>Saving records this choice as your consent; you can change it at any time. Until you choose, the server sees no folders.</source>
        <translation>保存即表示你同意此选择；你可以随时更改。在你做出选择之前，服务器看不到任何文件夹。</translation>
    </message>
    <message>
        <source>How it is sent its folders</source>
        <translation>如何向它发送文件夹</translation>
    </message>
    <message>
        <source>Also send the folders on its own command line, after Rootkeeper&apos;s</source>
        <translation>在 Rootkeeper 的文件夹之后，也发送其命令行中的文件夹</translation>
    </message>
    <message>
        <source>Run confined: the system lets it touch only the folders it is given (the network stays open)</source>
        <translation>受限运行：系统只允许它访问分配给它的文件夹（网络仍然开放）</translation>
    </message>
    <message>
        <source>When its host has roots of its own (through a bridge):</source>
        <translation>当其宿主程序有自己的根目录时（通过桥接）：</translation>
    </message>
    <message>
        <source>Rootkeeper&apos;s folders</source>
        <translation>Rootkeeper 的文件夹</translation>
    </message>
    <message>
        <source>The host&apos;s roots</source>
        <translation>宿主程序的根目录</translation>
    </message>
    <message>
        <source>Both, merged</source>
        <translation>两者合并</translation>
    </message>
    <message>
        <source>Path aliases (for a server in a container, a VM or WSL):</source>
        <translation>路径别名（用于在容器、虚拟机或 WSL 中运行的服务器）：</translation>
    </message>
    <message>
        <source>Give it the folders you share in place of those on its command line (restarted when they change)</source>
        <translation>改为给它你共享的文件夹，取代其命令行中的文件夹（文件夹变化时重新启动）</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>A server reached by a web address has no command line with folders of its own.</source>
        <translation>通过网址访问的服务器没有带有自身文件夹的命令行。</translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation>工作文件夹</translation>
    </message>
    <message>
        <source>Give the server a name made of letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;.</source>
        <translation>请为服务器起一个由字母、数字、“.”、“_” 或 “-” 组成的名称。</translation>
    </message>
    <message>
        <source>Check at least one folder, or choose another sharing option.</source>
        <translation>请至少勾选一个文件夹，或选择其他共享方式。</translation>
    </message>
    <message>
        <source>Enter the path the server sees %1 as (like /workspace).</source>
        <translation>请输入服务器看到的 %1 的路径（例如 /workspace）。</translation>
    </message>
    <message>
        <source>The header line &apos;%1&apos; is not of the form &apos;Name: value&apos;.</source>
        <translation>请求头行“%1”不是 “Name: value” 格式。</translation>
    </message>
    <message>
        <source>Enter an address starting with http:// or https://.</source>
        <translation>请输入以 http:// 或 https:// 开头的地址。</translation>
    </message>
    <message>
        <source>The command has an unbalanced quote.</source>
        <translation>命令中的引号不成对。</translation>
    </message>
    <message>
        <source>Enter the command that starts the server.</source>
        <translation>请输入启动服务器的命令。</translation>
    </message>
    <message>
        <source>The environment line &apos;%1&apos; is not of the form KEY=VALUE.</source>
        <translation>环境变量行“%1”不是 KEY=VALUE 格式。</translation>
    </message>
</context>
<context>
    <name>ServerOptionRows</name>
    <message>
        <source>Detected when it connects</source>
        <translation>连接时自动检测</translation>
    </message>
    <message>
        <source>Pinned to 2025-11-25 (the handshake era)</source>
        <translation>固定为 2025-11-25（握手时代）</translation>
    </message>
    <message>
        <source>Pinned to 2026-07-28 (folders sent with each request)</source>
        <translation>固定为 2026-07-28（每个请求都附带文件夹）</translation>
    </message>
    <message>
        <source>Gets the shared folders on its command line; restarted when they change</source>
        <translation>通过命令行获得共享的文件夹；它们变化时会重新启动</translation>
    </message>
    <message>
        <source>No; it is told them as roots</source>
        <translation>否；以根目录的方式告知它</translation>
    </message>
    <message>
        <source>Also sent the folders on its own command line, after Rootkeeper&apos;s</source>
        <translation>在 Rootkeeper 的文件夹之后，也会收到其命令行中的文件夹</translation>
    </message>
    <message>
        <source>Sent Rootkeeper&apos;s folders only</source>
        <translation>只收到 Rootkeeper 的文件夹</translation>
    </message>
    <message>
        <source>Sees Rootkeeper&apos;s folders, even when its host has roots of its own</source>
        <translation>看到 Rootkeeper 的文件夹，即使其宿主程序有自己的根目录</translation>
    </message>
    <message>
        <source>Sees its host&apos;s own roots when the host has them</source>
        <translation>宿主程序有自己的根目录时，看到宿主程序的根目录</translation>
    </message>
    <message>
        <source>Sees Rootkeeper&apos;s folders and its host&apos;s roots, merged</source>
        <translation>看到 Rootkeeper 的文件夹与其宿主程序的根目录合并后的列表</translation>
    </message>
    <message>
        <source>None; folders are sent under their own paths</source>
        <translation>无；文件夹以其原本的路径发送</translation>
    </message>
    <message>
        <source>%1 is seen as %2</source>
        <translation>%1 被看作 %2</translation>
    </message>
    <message>
        <source>%1; other folders are not sent</source>
        <translation>%1；其他文件夹不会发送</translation>
    </message>
    <message>
        <source>Protocol era:</source>
        <translation>协议版本：</translation>
    </message>
    <message>
        <source>Path aliases:</source>
        <translation>路径别名：</translation>
    </message>
    <message>
        <source>Folders as arguments:</source>
        <translation>以参数传递文件夹：</translation>
    </message>
    <message>
        <source>Own folders:</source>
        <translation>自身的文件夹：</translation>
    </message>
    <message>
        <source>Through a bridge:</source>
        <translation>通过桥接：</translation>
    </message>
    <message>
        <source>Confinement:</source>
        <translation>受限运行：</translation>
    </message>
</context>
<context>
    <name>ServersPage</name>
    <message>
        <source>&amp;Disable (keep its settings)</source>
        <translation>停用(&amp;D)（保留其设置）</translation>
    </message>
    <message>
        <source>E&amp;nable</source>
        <translation>启用(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Add server…</source>
        <translation>添加服务器(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑(&amp;E)…</translation>
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
        <translation>查看日志(&amp;L)</translation>
    </message>
    <message>
        <source>Re&amp;connect</source>
        <translation>重新连接(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Decide what it may see…</source>
        <translation>决定它可以看到什么(&amp;D)…</translation>
    </message>
    <message>
        <source>Filter (Ctrl+F)</source>
        <translation>筛选（Ctrl+F）</translation>
    </message>
    <message>
        <source>No server yet.
Add a server, or import the servers of Claude Desktop, VS Code, Cursor and other AI hosts from the Hosts tab.</source>
        <translation>还没有服务器。
添加一个服务器，或在“主机”标签页中导入 Claude Desktop、VS Code、Cursor 等 AI 主机的服务器。</translation>
    </message>
    <message>
        <source>No server matches the filter.</source>
        <translation>没有符合筛选条件的服务器。</translation>
    </message>
    <message>
        <source>A confined server is held to the folders you share with it by the system itself. An unconfined one is only told which folders you work in, and only its own honesty keeps it there: it can still open any file its own process can reach. Some servers, such as the filesystem server, replace the folders in their own configuration with the ones they are told.</source>
        <translation>受限的服务器由系统本身限制在你与它共享的文件夹内。未受限的服务器只会被告知你在哪些文件夹中工作，能让它留在其中的只有它自身的诚信：它仍然可以打开其进程能访问的任何文件。有些服务器（例如 filesystem 服务器）会用被告知的文件夹取代自身配置中的文件夹。</translation>
    </message>
</context>
<context>
    <name>ServersTableModel</name>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Runs as</source>
        <translation>运行方式</translation>
    </message>
    <message>
        <source>May see</source>
        <translation>可以看到</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Last asked for roots</source>
        <translation>上次请求根目录</translation>
    </message>
    <message>
        <source>Used by</source>
        <translation>使用者</translation>
    </message>
    <message>
        <source>Held to the list</source>
        <translation>受列表约束</translation>
    </message>
    <message>
        <source>Not yet</source>
        <translation>尚未</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n folder(s)</source>
        <translation>
            <numerusform>%1 · %n 个文件夹</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Rootkeeper settings</source>
        <translation>Rootkeeper 设置</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Start &amp;hidden in the system tray</source>
        <translation>启动时隐藏到系统托盘(&amp;H)</translation>
    </message>
    <message>
        <source>Start Rootkeeper when I &amp;log in</source>
        <translation>登录时启动 Rootkeeper(&amp;L)</translation>
    </message>
    <message>
        <source>Show desktop &amp;notifications (a folder lost or back, a server failing)</source>
        <translation>显示桌面通知(&amp;N)（文件夹丢失或恢复、服务器失败）</translation>
    </message>
    <message>
        <source>When off, these events are shown in this window only.</source>
        <translation>关闭后，这些事件只在此窗口中显示。</translation>
    </message>
    <message>
        <source>Follow the system (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>No system tray was found on this desktop.</source>
        <translation>此桌面上没有找到系统托盘。</translation>
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
        <translation>（被策略阻止）</translation>
    </message>
    <message>
        <source>(turned off)</source>
        <translation>（已关闭）</translation>
    </message>
    <message>
        <source>(unavailable)</source>
        <translation>（不可用）</translation>
    </message>
    <message>
        <source>Decide later: nothing is shared until you choose</source>
        <translation>以后再决定：在你选择之前不共享任何内容</translation>
    </message>
    <message numerus="yes">
        <source>All shared folders (%n now)</source>
        <translation>
            <numerusform>所有共享的文件夹（当前 %n 个）</numerusform>
        </translation>
    </message>
    <message>
        <source>Only the folders checked below</source>
        <translation>仅限下方勾选的文件夹</translation>
    </message>
    <message>
        <source>None: do not offer roots at all, so the server uses its own configuration</source>
        <translation>无：完全不提供根目录，服务器使用自身的配置</translation>
    </message>
    <message>
        <source>Folders added later are not included unless you check them here.</source>
        <translation>以后添加的文件夹不会自动包含，除非你在这里勾选。</translation>
    </message>
    <message>
        <source>No folders are shared yet.</source>
        <translation>尚未共享任何文件夹。</translation>
    </message>
</context>
<context>
    <name>Suggestions</name>
    <message>
        <source>Git repository</source>
        <translation>Git 仓库</translation>
    </message>
    <message>
        <source>Mercurial repository</source>
        <translation>Mercurial 仓库</translation>
    </message>
    <message>
        <source>Subversion working copy</source>
        <translation>Subversion 工作副本</translation>
    </message>
    <message>
        <source>Jujutsu repository</source>
        <translation>Jujutsu 仓库</translation>
    </message>
    <message>
        <source>Recently opened in VS Code</source>
        <translation>最近在 VS Code 中打开</translation>
    </message>
    <message>
        <source>Recently opened in VSCodium</source>
        <translation>最近在 VSCodium 中打开</translation>
    </message>
    <message>
        <source>Recently opened in Cursor</source>
        <translation>最近在 Cursor 中打开</translation>
    </message>
    <message>
        <source>Recently opened in Windsurf</source>
        <translation>最近在 Windsurf 中打开</translation>
    </message>
    <message>
        <source>Recently opened in a JetBrains IDE</source>
        <translation>最近在 JetBrains IDE 中打开</translation>
    </message>
    <message>
        <source>Recently opened in Zed</source>
        <translation>最近在 Zed 中打开</translation>
    </message>
    <message>
        <source>Suggested &amp;folders</source>
        <translation>建议的文件夹(&amp;F)</translation>
    </message>
    <message>
        <source>No suggestions: no repositories or recent projects found</source>
        <translation>没有建议：没有找到代码仓库或最近的项目</translation>
    </message>
    <message>
        <source>Look again</source>
        <translation>重新查找</translation>
    </message>
</context>
<context>
    <name>Text</name>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>Reachable</source>
        <translation>可访问</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>Not a folder</source>
        <translation>不是文件夹</translation>
    </message>
    <message>
        <source>Not a file</source>
        <translation>不是文件</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Symbolic link loop</source>
        <translation>符号链接循环</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <source>Leads elsewhere</source>
        <translation>指向别处</translation>
    </message>
    <message>
        <source>%1 cannot be read.</source>
        <translation>无法读取 %1。</translation>
    </message>
    <message>
        <source>%1 is on a drive or network share that is not answering.</source>
        <translation>%1 位于没有响应的磁盘或网络共享上。</translation>
    </message>
    <message>
        <source>%1 now leads somewhere else: it or a folder above it was replaced, so it is not shared.</source>
        <translation>%1 现在指向别处：它本身或其上层文件夹已被替换，因此不再共享。</translation>
    </message>
    <message>
        <source>an unnamed AI host</source>
        <translation>未署名的 AI 宿主程序</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>handshake era</source>
        <translation>握手时代</translation>
    </message>
    <message>
        <source>2026-07-28 era</source>
        <translation>2026-07-28 时代</translation>
    </message>
    <message>
        <source>era not yet known</source>
        <translation>时代尚不清楚</translation>
    </message>
    <message>
        <source>has not asked for roots yet</source>
        <translation>尚未请求根目录</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>%1 (legacy)</source>
        <translation>%1（旧版）</translation>
    </message>
    <message>
        <source>Waiting for your consent</source>
        <translation>等待你的同意</translation>
    </message>
    <message>
        <source>All shared folders</source>
        <translation>所有共享的文件夹</translation>
    </message>
    <message>
        <source>Nothing (uses its own configuration)</source>
        <translation>无（使用自身配置）</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>&apos;%1&apos;</source>
        <translation>“%1”</translation>
    </message>
</context>
<context>
    <name>TextCounts</name>
    <message numerus="yes">
        <source>%1, %n session(s)</source>
        <translation>
            <numerusform>%1，%n 个会话</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>asked for roots %n time(s), last at %1</source>
        <translation>
            <numerusform>已请求根目录 %n 次，最近一次在 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chosen folder(s)</source>
        <translation>
            <numerusform>%n 个选定的文件夹</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message>
        <source>No folders shared yet</source>
        <translation>尚未共享任何文件夹</translation>
    </message>
    <message>
        <source>&amp;Share a folder…</source>
        <translation>共享文件夹(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Resume sharing</source>
        <translation>恢复共享(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Pause sharing</source>
        <translation>暂停共享(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Open Rootkeeper</source>
        <translation>打开 Rootkeeper(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Quit Rootkeeper</source>
        <translation>退出 Rootkeeper(&amp;Q)</translation>
    </message>
    <message numerus="yes">
        <source>%n &amp;more…</source>
        <translation>
            <numerusform>另外 %n 个(&amp;M)…</numerusform>
        </translation>
    </message>
    <message>
        <source>No servers configured</source>
        <translation>尚未配置服务器</translation>
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
        <translation>共享文件夹(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Paste a path…</source>
        <translation>粘贴路径(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Check now</source>
        <translation>立即检查(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Filter</source>
        <translation>筛选(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Pre&amp;vious tab</source>
        <translation>上一个标签页(&amp;V)</translation>
    </message>
    <message>
        <source>Nex&amp;t tab</source>
        <translation>下一个标签页(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>A&amp;bout</source>
        <translation>关于(&amp;B)</translation>
    </message>
    <message>
        <source>Close the &amp;window</source>
        <translation>关闭窗口(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Quit Rootkeeper</source>
        <translation>退出 Rootkeeper(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Menu</source>
        <translation>菜单(&amp;M)</translation>
    </message>
    <message>
        <source>Every action and its keys</source>
        <translation>所有操作及其快捷键</translation>
    </message>
</context>
</TS>
