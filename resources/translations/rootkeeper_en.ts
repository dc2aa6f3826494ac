<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Flows</name>
    <message numerus="yes">
        <source>%n of the paths you chose need(s) a second look before sharing:</source>
        <translation>
            <numerusform>%n of the paths you chose needs a second look before sharing:</numerusform>
            <numerusform>%n of the paths you chose need a second look before sharing:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stop sharing %n folder(s)? Servers will no longer be told about them. No files are deleted.</source>
        <translation>
            <numerusform>Stop sharing %n folder? Servers will no longer be told about it. No files are deleted.</numerusform>
            <numerusform>Stop sharing %n folders? Servers will no longer be told about them. No files are deleted.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HealthCounts</name>
    <message numerus="yes">
        <source>%n shared folder(s) cannot be reached</source>
        <translation>
            <numerusform>%n shared folder cannot be reached</numerusform>
            <numerusform>%n shared folders cannot be reached</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n server(s)</source>
        <translation>
            <numerusform>%1: %n server</numerusform>
            <numerusform>%1: %n servers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) waiting for your consent</source>
        <translation>
            <numerusform>%n server waiting for your consent</numerusform>
            <numerusform>%n servers waiting for your consent</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n folder(s) shared, all reachable</source>
        <translation>
            <numerusform>%n folder shared, all reachable</numerusform>
            <numerusform>%n folders shared, all reachable</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryPage</name>
    <message numerus="yes">
        <source>%1 was given %n folder(s) in this period.</source>
        <translation>
            <numerusform>%1 was given %n folder in this period.</numerusform>
            <numerusform>%1 was given %n folders in this period.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) were given folders in this period.</source>
        <translation>
            <numerusform>%n server was given folders in this period.</numerusform>
            <numerusform>%n servers were given folders in this period.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shared folder(s) became unavailable</source>
        <translation>
            <numerusform>A shared folder became unavailable</numerusform>
            <numerusform>%n shared folders became unavailable</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 left the list servers see, until it comes back.</source>
        <translation>
            <numerusform>%1 left the list servers see, until it comes back.</numerusform>
            <numerusform>%1 left the list servers see, until they come back.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shared folder(s) available again</source>
        <translation>
            <numerusform>A shared folder is available again</numerusform>
            <numerusform>%n shared folders are available again</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is back in the list servers see.</source>
        <translation>
            <numerusform>%1 is back in the list servers see.</numerusform>
            <numerusform>%1 are back in the list servers see.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) failed</source>
        <translation>
            <numerusform>A server failed</numerusform>
            <numerusform>%n servers failed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ServerDetails</name>
    <message numerus="yes">
        <source>Given %n folder(s) today, last at %1</source>
        <translation>
            <numerusform>Given %n folder today, last at %1</numerusform>
            <numerusform>Given %n folders today, last at %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ServersTableModel</name>
    <message numerus="yes">
        <source>%1 · %n folder(s)</source>
        <translation>
            <numerusform>%1 · %n folder</numerusform>
            <numerusform>%1 · %n folders</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SharingChoice</name>
    <message numerus="yes">
        <source>All shared folders (%n now)</source>
        <translation>
            <numerusform>All shared folders (%n now)</numerusform>
            <numerusform>All shared folders (%n now)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TextCounts</name>
    <message numerus="yes">
        <source>%1, %n session(s)</source>
        <translation>
            <numerusform>%1, %n session</numerusform>
            <numerusform>%1, %n sessions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>asked for roots %n time(s), last at %1</source>
        <translation>
            <numerusform>asked for roots %n time, last at %1</numerusform>
            <numerusform>asked for roots %n times, last at %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chosen folder(s)</source>
        <translation>
            <numerusform>%n chosen folder</numerusform>
            <numerusform>%n chosen folders</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message numerus="yes">
        <source>%n &amp;more…</source>
        <translation>
            <numerusform>%n &amp;more…</numerusform>
            <numerusform>%n &amp;more…</numerusform>
        </translation>
    </message>
</context>
</TS>
