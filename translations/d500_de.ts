<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AttributeText</name>
    <message>
        <source>(a tensor)</source>
        <translation>(ein Tensor)</translation>
    </message>
    <message>
        <source>%1 is a %2 attribute, which the editor cannot set</source>
        <translation>%1 ist ein %2-Attribut, das der Editor nicht setzen kann</translation>
    </message>
    <message>
        <source>a whole number, e.g. 1</source>
        <translation>eine ganze Zahl, z. B. 1</translation>
    </message>
    <message>
        <source>a number, e.g. 0.5</source>
        <translation>eine Zahl, z. B. 0.5</translation>
    </message>
    <message>
        <source>whole numbers separated by commas, e.g. 1, 1</source>
        <translation>durch Kommas getrennte ganze Zahlen, z. B. 1, 1</translation>
    </message>
    <message>
        <source>numbers separated by commas, e.g. 0.5, 1</source>
        <translation>durch Kommas getrennte Zahlen, z. B. 0.5, 1</translation>
    </message>
    <message>
        <source>“%1” is not a value for %2: expected %3</source>
        <translation>„%1“ ist kein Wert für %2: erwartet wird %3</translation>
    </message>
</context>
<context>
    <name>BoxStats</name>
    <message>
        <source>whiskers: %1 IQR (Tukey)</source>
        <translation>Whisker: %1 IQR (Tukey)</translation>
    </message>
</context>
<context>
    <name>CanvasTemplates</name>
    <message>
        <source>Compare implementations of an operator</source>
        <translation>Implementierungen eines Operators vergleichen</translation>
    </message>
    <message>
        <source>Compare executors on a model</source>
        <translation>Ausführer an einem Modell vergleichen</translation>
    </message>
    <message>
        <source>Time-to-accuracy of an optimizer over seeds</source>
        <translation>Zeit bis zur Zielgenauigkeit eines Optimierers über Seeds</translation>
    </message>
    <message>
        <source>Distributed scheme scaling</source>
        <translation>Skalierung eines verteilten Verfahrens</translation>
    </message>
    <message>
        <source>Gemm on the reference and torch implementations over N</source>
        <translation>Gemm mit der Referenz- und der torch-Implementierung über N</translation>
    </message>
    <message>
        <source>LeNet on the reference and torch executors</source>
        <translation>LeNet auf dem Referenz- und dem torch-Ausführer</translation>
    </message>
    <message>
        <source>The MLP on Fashion-MNIST to 85% test accuracy with torch Adam, over 3 seeds</source>
        <translation>Das MLP auf Fashion-MNIST bis 85 % Testgenauigkeit mit torch Adam, über 3 Seeds</translation>
    </message>
    <message>
        <source>Allreduce SGD on 2 ranks against the 1-rank baseline</source>
        <translation>Allreduce-SGD auf 2 Rängen gegen die Referenz mit 1 Rang</translation>
    </message>
</context>
<context>
    <name>ComparisonTable</name>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>run %1 · %2</source>
        <translation>Lauf %1 · %2</translation>
    </message>
    <message>
        <source>run %1 (not in the store)</source>
        <translation>Lauf %1 (nicht im Speicher)</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>machine load (conditions differ)</source>
        <translation>Maschinenlast (Bedingungen unterschiedlich)</translation>
    </message>
</context>
<context>
    <name>CoreText</name>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message numerus="yes">
        <source>target never reached (%n seed(s))</source>
        <translation>
            <numerusform>Ziel nie erreicht (%n Seed)</numerusform>
            <numerusform>Ziel nie erreicht (%n Seeds)</numerusform>
        </translation>
    </message>
    <message>
        <source>median %1 s</source>
        <translation>Median %1 s</translation>
    </message>
    <message>
        <source> [%1, %2]</source>
        <translation> [%1; %2]</translation>
    </message>
    <message>
        <source> over %1 of %2 seeds</source>
        <translation> bei %1 von %2 Seeds</translation>
    </message>
    <message>
        <source>; olympic mean %1 s</source>
        <translation>; olympischer Mittelwert %1 s</translation>
    </message>
    <message>
        <source>missing (required)</source>
        <translation>fehlt (erforderlich)</translation>
    </message>
    <message>
        <source>unknown key (expected one of: %1)</source>
        <translation>unbekannter Schlüssel (erwartet wird einer von: %1)</translation>
    </message>
    <message>
        <source>expected a string, got %1 %2</source>
        <translation>erwartet wird eine Zeichenkette, gefunden: %1 %2</translation>
    </message>
    <message>
        <source>expected true or false, got %1 %2</source>
        <translation>erwartet wird true oder false, gefunden: %1 %2</translation>
    </message>
    <message>
        <source>expected an integer &gt;= 0, got %1 %2</source>
        <translation>erwartet wird eine ganze Zahl &gt;= 0, gefunden: %1 %2</translation>
    </message>
    <message>
        <source>expected an integer, got %1 %2</source>
        <translation>erwartet wird eine ganze Zahl, gefunden: %1 %2</translation>
    </message>
    <message>
        <source>expected a number, got %1 %2</source>
        <translation>erwartet wird eine Zahl, gefunden: %1 %2</translation>
    </message>
    <message>
        <source>expected an object, got %1 %2</source>
        <translation>erwartet wird ein Objekt, gefunden: %1 %2</translation>
    </message>
    <message>
        <source>expected a value in [%1, %2], got %3</source>
        <translation>erwartet wird ein Wert in [%1, %2], gefunden: %3</translation>
    </message>
    <message>
        <source>expected a JSON object at the top level</source>
        <translation>erwartet wird ein JSON-Objekt auf oberster Ebene</translation>
    </message>
    <message>
        <source>expected format 1, got %1</source>
        <translation>erwartet wird Format 1, gefunden: %1</translation>
    </message>
    <message>
        <source>expected the format version (an integer), got %1 %2</source>
        <translation>erwartet wird die Formatversion (eine ganze Zahl), gefunden: %1 %2</translation>
    </message>
    <message>
        <source>expected a non-empty array of values, got %1 %2</source>
        <translation>erwartet wird ein nicht leeres Array von Werten, gefunden: %1 %2</translation>
    </message>
    <message>
        <source>expected an array of shapes, got %1 %2</source>
        <translation>erwartet wird ein Array von Formen, gefunden: %1 %2</translation>
    </message>
    <message>
        <source>expected a shape (array of dimensions), got %1 %2</source>
        <translation>erwartet wird eine Form (Array von Dimensionen), gefunden: %1 %2</translation>
    </message>
    <message>
        <source>expected a dimension &gt;= 0 or the name of a sweep variable, got %1 %2</source>
        <translation>erwartet wird eine Dimension &gt;= 0 oder der Name einer Sweep-Variablen, gefunden: %1 %2</translation>
    </message>
    <message>
        <source>level &quot;%1&quot; is not part of this build</source>
        <translation>Ebene „%1“ ist nicht Teil dieses Builds</translation>
    </message>
    <message>
        <source>unknown plugin &quot;%1&quot; (plugins found: %2; search path: see `d500 plugins`)</source>
        <translation>unbekanntes Plugin „%1“ (gefundene Plugins: %2; Suchpfad: siehe `d500 plugins`)</translation>
    </message>
    <message>
        <source>plugin &quot;%1&quot; cannot be used: %2</source>
        <translation>Plugin „%1“ kann nicht verwendet werden: %2</translation>
    </message>
    <message>
        <source>plugin &quot;%1&quot; cannot be loaded: %2</source>
        <translation>Plugin „%1“ kann nicht geladen werden: %2</translation>
    </message>
    <message>
        <source>no plugin &quot;%1&quot; to validate against (see `d500 plugins`)</source>
        <translation>kein Plugin „%1“ zum Validieren (siehe `d500 plugins`)</translation>
    </message>
    <message>
        <source>the store&apos;s folder &quot;%1&quot; does not exist (the run would write its results to &quot;%2&quot;)</source>
        <translation>der Ordner des Speichers „%1“ existiert nicht (der Lauf würde seine Ergebnisse nach „%2“ schreiben)</translation>
    </message>
    <message>
        <source>the store&apos;s folder &quot;%1&quot; is not writable (the run would write its results to &quot;%2&quot;)</source>
        <translation>der Ordner des Speichers „%1“ ist nicht beschreibbar (der Lauf würde seine Ergebnisse nach „%2“ schreiben)</translation>
    </message>
    <message>
        <source>%1 takes %2 (%3), the experiment gives %4</source>
        <translation>%1 nimmt %2 (%3), das Experiment gibt %4</translation>
    </message>
    <message>
        <source>stopped: %1 (%2); %3 steps in %4 s</source>
        <translation>angehalten: %1 (%2); %3 Schritte in %4 s</translation>
    </message>
    <message>
        <source>stopped: %1; %2 steps in %3 s</source>
        <translation>angehalten: %1; %2 Schritte in %3 s</translation>
    </message>
    <message>
        <source>ranks do not differ (Kruskal-Wallis H = %1, df %2, p = %3, alpha 0.05)</source>
        <translation>die Ränge unterscheiden sich nicht (Kruskal-Wallis H = %1, FG %2, p = %3, alpha 0,05)</translation>
    </message>
    <message>
        <source>ranks differ (Kruskal-Wallis H = %1, df %2, p = %3, alpha 0.05)</source>
        <translation>die Ränge unterscheiden sich (Kruskal-Wallis H = %1, FG %2, p = %3, alpha 0,05)</translation>
    </message>
    <message>
        <source>one rank: nothing to compare</source>
        <translation>ein Rang: nichts zu vergleichen</translation>
    </message>
    <message>
        <source>%1 is fixed by recipe &quot;%2&quot; to %3, this run uses %4</source>
        <translation>%1 ist durch das Rezept „%2“ auf %3 festgelegt, dieser Lauf verwendet %4</translation>
    </message>
    <message>
        <source>%1 of %2 seeds never reached %3% test accuracy</source>
        <translation>%1 von %2 Seeds erreichten nie %3 % Testgenauigkeit</translation>
    </message>
    <message>
        <source>rank 0 never reached %1% test accuracy</source>
        <translation>Rang 0 erreichte nie %1 % Testgenauigkeit</translation>
    </message>
    <message>
        <source>wall time limit %1 s</source>
        <translation>Zeitlimit %1 s</translation>
    </message>
    <message>
        <source>loss %1 at step %2</source>
        <translation>Verlust %1 bei Schritt %2</translation>
    </message>
    <message>
        <source>converged</source>
        <translation>konvergiert</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>epochs</source>
        <translation>Epochen</translation>
    </message>
    <message>
        <source>faster</source>
        <translation>schneller</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>Wahrheitswert</translation>
    </message>
    <message>
        <source>max_samples</source>
        <translation>Stichprobenhöchstzahl</translation>
    </message>
    <message>
        <source>max_time</source>
        <translation>Zeithöchstgrenze</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>nicht unterstützt</translation>
    </message>
    <message>
        <source>once</source>
        <translation>einmal</translation>
    </message>
    <message>
        <source>with the operator</source>
        <translation>mit dem Operator</translation>
    </message>
    <message>
        <source>target reached</source>
        <translation>Ziel erreicht</translation>
    </message>
    <message>
        <source>time limit</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <source>diverged</source>
        <translation>divergiert</translation>
    </message>
    <message>
        <source>slower</source>
        <translation>langsamer</translation>
    </message>
    <message>
        <source>same</source>
        <translation>gleich</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>object</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>array</source>
        <translation>Array</translation>
    </message>
    <message>
        <source>string</source>
        <translation>Zeichenkette</translation>
    </message>
    <message>
        <source>number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <source>synchronous SGD: gradients averaged over all ranks before every step</source>
        <translation>synchrones SGD: Gradienten vor jedem Schritt über alle Ränge gemittelt</translation>
    </message>
    <message>
        <source>synchronous parameter server: gradients summed to the root, its model broadcast</source>
        <translation>synchroner Parameterserver: Gradienten beim Root summiert, sein Modell an alle gesendet</translation>
    </message>
    <message>
        <source>asynchronous parameter server: workers push gradients, the root applies them as they come</source>
        <translation>asynchroner Parameterserver: Worker senden Gradienten, der Root wendet sie beim Eintreffen an</translation>
    </message>
    <message>
        <source>local SGD: each rank steps alone, the models averaged every average_every steps</source>
        <translation>lokales SGD: jeder Rang rechnet allein, die Modelle alle average_every Schritte gemittelt</translation>
    </message>
    <message>
        <source>decentralized SGD on a ring: each rank averages its model with its neighbours&apos;</source>
        <translation>dezentrales SGD im Ring: jeder Rang mittelt sein Modell mit denen seiner Nachbarn</translation>
    </message>
    <message>
        <source>expected calibration error of the epoch&apos;s training predictions (0: calibrated)</source>
        <translation>erwarteter Kalibrierungsfehler der Trainingsvorhersagen der Epoche (0: kalibriert)</translation>
    </message>
    <message>
        <source>unknown metric &quot;%1&quot;; known: %2 (a plugin&apos;s is &quot;plugin/name&quot;, from a plugin on the search path)</source>
        <translation>unbekannte Metrik „%1“; bekannt: %2 (die eines Plugins heißt „plugin/name“, aus einem Plugin im Suchpfad)</translation>
    </message>
</context>
<context>
    <name>CsvExport</name>
    <message>
        <source>Could not write the CSV file %1: %2.</source>
        <translation>Die CSV-Datei %1 konnte nicht geschrieben werden: %2.</translation>
    </message>
</context>
<context>
    <name>DisplayNames</name>
    <message>
        <source>queued</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>abgestürzt</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>distributed</source>
        <translation>Verteilt</translation>
    </message>
    <message>
        <source>collective</source>
        <translation>Kollektiv</translation>
    </message>
</context>
<context>
    <name>DistributedDashboardKind</name>
    <message>
        <source>Distributed training</source>
        <translation>Verteiltes Training</translation>
    </message>
    <message>
        <source>&lt;p&gt;Critical path (per step the slowest rank): %1, n = %2.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Kritischer Pfad (je Schritt der langsamste Rang): %1, n = %2.&lt;/p&gt;</translation>
    </message>
    <message>
        <source> (n too small for a CI)</source>
        <translation> (n zu klein für ein KI)</translation>
    </message>
    <message>
        <source>step time %1; communication %2, computation %3</source>
        <translation>Schrittzeit %1; Kommunikation %2, Berechnung %3</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Ranks&lt;/h3&gt;&lt;p&gt;No rank has reported yet.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Ränge&lt;/h3&gt;&lt;p&gt;Noch hat kein Rang Werte gemeldet.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Per rank</source>
        <translation>Je Rang</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>final test</source>
        <translation>finale Testgenauigkeit</translation>
    </message>
    <message>
        <source>comm bytes</source>
        <translation>Kommunikation (Bytes)</translation>
    </message>
    <message>
        <source>comm share</source>
        <translation>Kommunikationsanteil</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 (p = %2): %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 (p = %2): %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;No difference&lt;/b&gt; between the ranks&apos; step times</source>
        <translation>&lt;b&gt;Kein Unterschied&lt;/b&gt; zwischen den Schrittzeiten der Ränge</translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:#c62828&quot;&gt;The ranks&apos; step times differ&lt;/b&gt;</source>
        <translation>&lt;b style=&quot;color:#c62828&quot;&gt;Die Schrittzeiten der Ränge unterscheiden sich&lt;/b&gt;</translation>
    </message>
    <message>
        <source>compliant</source>
        <translation>konform</translation>
    </message>
    <message>
        <source>not compliant: %1</source>
        <translation>nicht konform: %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;No Kruskal-Wallis test stored.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Kein Kruskal-Wallis-Test gespeichert.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Step time across ranks (Kruskal-Wallis)</source>
        <translation>Schrittzeit über die Ränge (Kruskal-Wallis)</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>Skalierung</translation>
    </message>
    <message>
        <source>No base case stored (set &quot;scaling_baseline&quot;: true).</source>
        <translation>Kein Basisfall gespeichert (setzen Sie &quot;scaling_baseline&quot;: true).</translation>
    </message>
    <message>
        <source>Scaling against one rank</source>
        <translation>Skalierung gegenüber einem Rang</translation>
    </message>
    <message>
        <source>Speedup &lt;b&gt;%1&lt;/b&gt;%2, efficiency &lt;b&gt;%3&lt;/b&gt;%4 (95%, Bonferroni over the two medians); %5 samples/s on %6 ranks against %7 on one (the same batch per rank; the base case ran alone on rank 0).</source>
        <translation>Speedup &lt;b&gt;%1&lt;/b&gt;%2, Effizienz &lt;b&gt;%3&lt;/b&gt;%4 (95 %, Bonferroni über die beiden Mediane); %5 Samples/s auf %6 Rängen gegenüber %7 auf einem (dieselbe Batch je Rang; der Basisfall lief allein auf Rang 0).</translation>
    </message>
</context>
<context>
    <name>ExampleFiles</name>
    <message>
        <source>Cannot copy the example %1 to %2</source>
        <translation>Das Beispiel %1 kann nicht nach %2 kopiert werden</translation>
    </message>
    <message>
        <source>The examples were not found (set D500_RESOURCES_DIR to the folder holding examples/).</source>
        <translation>Die Beispiele wurden nicht gefunden (setzen Sie D500_RESOURCES_DIR auf den Ordner, der examples/ enthält).</translation>
    </message>
</context>
<context>
    <name>HeadlessExport</name>
    <message>
        <source>it holds no runs</source>
        <translation>er enthält keine Läufe</translation>
    </message>
    <message>
        <source>its runs are %1..%2</source>
        <translation>seine Läufe sind %1..%2</translation>
    </message>
    <message>
        <source>no runs in %1 yet</source>
        <translation>noch keine Läufe in %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a run id (a positive integer or &quot;latest&quot;; `d500 runs` lists them)</source>
        <translation>„%1“ ist keine Lauf-ID (eine positive ganze Zahl oder &quot;latest&quot;; `d500 runs` listet sie auf)</translation>
    </message>
    <message>
        <source>no run %1 in %2 (%3)</source>
        <translation>kein Lauf %1 in %2 (%3)</translation>
    </message>
    <message>
        <source>--report and --dashboard need the runs to export</source>
        <translation>--report und --dashboard brauchen die zu exportierenden Läufe</translation>
    </message>
    <message>
        <source>--report and --dashboard are two exports; choose one</source>
        <translation>--report und --dashboard sind zwei verschiedene Exporte; wählen Sie einen</translation>
    </message>
    <message>
        <source>%1 needs --store FILE, the result store to read</source>
        <translation>%1 braucht --store FILE, den zu lesenden Ergebnisspeicher</translation>
    </message>
    <message>
        <source>%1 needs -o FILE, the file to write (%2)</source>
        <translation>%1 braucht -o FILE, die zu schreibende Datei (%2)</translation>
    </message>
    <message>
        <source>-o %1: a report is written as .html or .pdf</source>
        <translation>-o %1: ein Bericht wird als .html oder .pdf geschrieben</translation>
    </message>
    <message>
        <source>-o %1: a dashboard is written as .png or .svg</source>
        <translation>-o %1: ein Dashboard wird als .png oder .svg geschrieben</translation>
    </message>
    <message>
        <source>--dashboard %1: a dashboard shows one run</source>
        <translation>--dashboard %1: ein Dashboard zeigt genau einen Lauf</translation>
    </message>
    <message>
        <source>--size applies to --dashboard, not to a report</source>
        <translation>--size gilt für --dashboard, nicht für einen Bericht</translation>
    </message>
    <message>
        <source>--size %1: expected WIDTHxHEIGHT in pixels, each 200 to 10000 (e.g. 1600x1000)</source>
        <translation>--size %1: erwartet BREITExHÖHE in Pixeln, jeweils 200 bis 10000 (z. B. 1600x1000)</translation>
    </message>
    <message>
        <source>run %1 in %2 is of the level &quot;%3&quot;, which has no dashboard</source>
        <translation>Lauf %1 in %2 gehört zur Ebene &quot;%3&quot;, die kein Dashboard hat</translation>
    </message>
    <message>
        <source>store %1: cannot open: no such file</source>
        <translation>Speicher %1: kann nicht geöffnet werden: Datei existiert nicht</translation>
    </message>
    <message>
        <source>store %1: %2</source>
        <translation>Speicher %1: %2</translation>
    </message>
</context>
<context>
    <name>HistoryChart</name>
    <message>
        <source>run, in the order they started</source>
        <translation>Lauf, in der Reihenfolge ihres Starts</translation>
    </message>
    <message>
        <source>run, ordered by %1</source>
        <translation>Lauf, geordnet nach %1</translation>
    </message>
    <message>
        <source>%1 (runs %2 → %3)</source>
        <translation>%1 (Läufe %2 → %3)</translation>
    </message>
    <message>
        <source>median of a run, with its 95% CI</source>
        <translation>Median eines Laufs mit seinem 95-%-KI</translation>
    </message>
    <message>
        <source>change point (click it for its details)</source>
        <translation>Änderungspunkt (für Details anklicken)</translation>
    </message>
    <message>
        <source>median (%1)</source>
        <translation>Median (%1)</translation>
    </message>
</context>
<context>
    <name>MetricPanels</name>
    <message>
        <source>%1 per step</source>
        <translation>%1 pro Schritt</translation>
    </message>
    <message>
        <source>%1 per epoch</source>
        <translation>%1 pro Epoche</translation>
    </message>
</context>
<context>
    <name>MetricsSummary</name>
    <message>
        <source>lower is better</source>
        <translation>kleiner ist besser</translation>
    </message>
    <message>
        <source>higher is better</source>
        <translation>größer ist besser</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Metriken</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>last epoch</source>
        <translation>letzte Epoche</translation>
    </message>
    <message>
        <source>per step</source>
        <translation>je Schritt</translation>
    </message>
    <message>
        <source>Computing them takes part of the step profile&apos;s events phase.</source>
        <translation>Ihre Berechnung ist Teil der Phase „events“ im Schrittprofil.</translation>
    </message>
</context>
<context>
    <name>OpenTarget</name>
    <message>
        <source>Give one project or store to open, not %1.</source>
        <translation>Geben Sie ein Projekt oder einen Speicher zum Öffnen an, nicht %1.</translation>
    </message>
    <message>
        <source>Two stores given: %1 and %2.</source>
        <translation>Zwei Speicher angegeben: %1 und %2.</translation>
    </message>
    <message>
        <source>Two projects given: %1 and %2.</source>
        <translation>Zwei Projekte angegeben: %1 und %2.</translation>
    </message>
</context>
<context>
    <name>PluginCatalog</name>
    <message>
        <source>no operators</source>
        <translation>keine Operatoren</translation>
    </message>
    <message>
        <source>The runner&apos;s plugin list is not the expected JSON (%1)</source>
        <translation>Die Plugin-Liste des Runners ist nicht das erwartete JSON (%1)</translation>
    </message>
    <message numerus="yes">
        <source>operators: %n (%1 with backward), %2</source>
        <translation>
            <numerusform>%n Operator (%1 mit Rückwärts), %2</numerusform>
            <numerusform>%n Operatoren (%1 mit Rückwärts), %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>executors: %n</source>
        <translation>
            <numerusform>Ausführer: %n</numerusform>
            <numerusform>Ausführer: %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>optimizers: %n</source>
        <translation>
            <numerusform>Optimierer: %n</numerusform>
            <numerusform>Optimierer: %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>distributed schemes: %n</source>
        <translation>
            <numerusform>Verteilte Verfahren: %n</numerusform>
            <numerusform>Verteilte Verfahren: %n</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Project</name>
    <message>
        <source>%1 is not a d500 project (no &quot;d500_project&quot; format number)</source>
        <translation>%1 ist kein d500-Projekt (keine Formatnummer „d500_project“)</translation>
    </message>
    <message>
        <source>%1 was written by a newer d500 (project format %2; this build reads %3). Opened what this version understands; saving may drop the rest.</source>
        <translation>%1 wurde von einem neueren d500 geschrieben (Projektformat %2; diese Version liest %3). Geöffnet wurde, was diese Version versteht; beim Speichern kann der Rest verloren gehen.</translation>
    </message>
    <message>
        <source>Cannot open the project %1: %2</source>
        <translation>Das Projekt %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (at offset %2: %3)</source>
        <translation>%1 ist kein gültiges JSON (bei Position %2: %3)</translation>
    </message>
    <message>
        <source>Cannot write the project %1: %2</source>
        <translation>Das Projekt %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot open the project %1: it is not a regular file</source>
        <translation>Das Projekt %1 kann nicht geöffnet werden: Es ist keine reguläre Datei</translation>
    </message>
    <message>
        <source>Cannot open the project %1: it is %2 bytes; at most %3 are read</source>
        <translation>Das Projekt %1 kann nicht geöffnet werden: Es ist %2 Bytes groß; gelesen werden höchstens %3</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Share of the time of %1 (%2)</source>
        <translation>Anteil an der Zeit von %1 (%2)</translation>
    </message>
    <message>
        <source>Bytes moved per call, %1 (%2)</source>
        <translation>Bewegte Bytes pro Aufruf, %1 (%2)</translation>
    </message>
    <message>
        <source>Validation error against the reference (%1)</source>
        <translation>Validierungsfehler gegenüber der Referenz (%1)</translation>
    </message>
    <message>
        <source> &lt;i&gt;(weight)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(Gewicht)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Validation against the reference</source>
        <translation>Validierung gegenüber der Referenz</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>operator &lt;b&gt;%1&lt;/b&gt;%2</source>
        <translation>Operator &lt;b&gt;%1&lt;/b&gt;%2</translation>
    </message>
    <message>
        <source>graph input</source>
        <translation>Graph-Eingabe</translation>
    </message>
    <message>
        <source>graph output</source>
        <translation>Graph-Ausgabe</translation>
    </message>
    <message>
        <source>Measurements</source>
        <translation>Messungen</translation>
    </message>
    <message>
        <source>No run: open the graph from a network run to see per-node times.</source>
        <translation>Kein Lauf: Öffnen Sie den Graphen aus einem Netzwerk-Lauf, um die Zeiten je Knoten zu sehen.</translation>
    </message>
    <message>
        <source>not measured (no per-node time stored for this node)</source>
        <translation>nicht gemessen (für diesen Knoten ist keine Zeit gespeichert)</translation>
    </message>
    <message>
        <source>executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <source>group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>Durchlauf</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>95% CI</source>
        <translation>95-%-KI</translation>
    </message>
    <message>
        <source>share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <source> &lt;i&gt;(constant %1)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(Konstante %1)&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>ReportBuilder</name>
    <message>
        <source>No runs chosen for the report.</source>
        <translation>Für den Bericht wurden keine Läufe gewählt.</translation>
    </message>
    <message>
        <source>The store %1 does not exist.</source>
        <translation>Der Speicher %1 existiert nicht.</translation>
    </message>
    <message>
        <source>Run %1 is not in the store %2.</source>
        <translation>Lauf %1 ist nicht im Speicher %2.</translation>
    </message>
    <message>
        <source>d500 report — %1</source>
        <translation>d500-Bericht — %1</translation>
    </message>
    <message>
        <source>d500 comparison — %1</source>
        <translation>d500-Vergleich — %1</translation>
    </message>
    <message>
        <source>Generated %1 by d500 Studio %2 from the store %3.</source>
        <translation>Erstellt am %1 von d500 Studio %2 aus dem Speicher %3.</translation>
    </message>
    <message>
        <source>Reading the store %1 failed: %2</source>
        <translation>Lesen des Speichers %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>started</source>
        <translation>gestartet</translation>
    </message>
    <message>
        <source>took</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>launcher</source>
        <translation>Starter</translation>
    </message>
    <message>
        <source>experiment sha256</source>
        <translation>Experiment-sha256</translation>
    </message>
    <message>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Baseline: %1. Speedup = baseline median / median (&gt; 1: faster than the baseline); verdict by a two-sided Mann-Whitney U test on the raw samples at alpha 0.05.</source>
        <translation>Referenz: %1. Speedup = Median der Referenz / Median (&gt; 1: schneller als die Referenz); Urteil durch einen zweiseitigen Mann-Whitney-U-Test auf den Rohmesswerten bei alpha 0,05.</translation>
    </message>
    <message>
        <source>Implementations of one run against its baseline %1. Speedup = baseline median / median; verdict by a two-sided Mann-Whitney U test on the raw samples at alpha 0.05.</source>
        <translation>Implementierungen eines Laufs gegenüber seiner Referenz %1. Speedup = Median der Referenz / Median; Urteil durch einen zweiseitigen Mann-Whitney-U-Test auf den Rohmesswerten bei alpha 0,05.</translation>
    </message>
    <message>
        <source>point</source>
        <translation>Punkt</translation>
    </message>
    <message>
        <source>implementation</source>
        <translation>Implementierung</translation>
    </message>
    <message>
        <source>%1x, %2 (p %3)</source>
        <translation>%1x, %2 (p %3)</translation>
    </message>
    <message>
        <source>%1: no environment recorded to compare.</source>
        <translation>%1: keine Umgebung zum Vergleichen aufgezeichnet.</translation>
    </message>
    <message>
        <source>%1: the same environment as the baseline.</source>
        <translation>%1: dieselbe Umgebung wie die Referenz.</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>median [95% CI]</source>
        <translation>Median [95-%-KI]</translation>
    </message>
    <message>
        <source>±% CI</source>
        <translation>±% KI</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>Abbruch</translation>
    </message>
    <message>
        <source>CV</source>
        <translation>VK</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>Validierung</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>FEHLGESCHLAGEN</translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>Validierung</translation>
    </message>
    <message>
        <source>subject</source>
        <translation>Gegenstand</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>tolerance</source>
        <translation>Toleranz</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>%1, sha256 %2</source>
        <translation>%1, sha256 %2</translation>
    </message>
    <message>
        <source>%1: median [95% CI]</source>
        <translation>%1: Median [95-%-KI]</translation>
    </message>
    <message>
        <source>%1 vs A: speedup, verdict (p)</source>
        <translation>%1 gegen A: Speedup, Urteil (p)</translation>
    </message>
    <message>
        <source>what changed</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>What changed in the environment: %1</source>
        <translation>Was sich in der Umgebung geändert hat: %1</translation>
    </message>
    <message>
        <source>Dashboards</source>
        <translation>Dashboards</translation>
    </message>
    <message>
        <source>The runs overlaid</source>
        <translation>Die Läufe überlagert</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>runs %1</source>
        <translation>Läufe %1</translation>
    </message>
    <message>
        <source>outliers</source>
        <translation>Ausreißer</translation>
    </message>
    <message>
        <source>faults/call</source>
        <translation>Faults/Aufruf</translation>
    </message>
    <message>
        <source>outliers: Tukey&apos;s fences; faults/call: minor page faults per call; ±% CI: half the 95% confidence interval of the median, in % of it.</source>
        <translation>Ausreißer: nach Tukeys Zäunen; Faults/Aufruf: Minor Page Faults pro Aufruf; ±% KI: die halbe Breite des 95-%-Konfidenzintervalls des Medians, in % des Medians.</translation>
    </message>
    <message>
        <source>checks passed</source>
        <translation>bestandene Prüfungen</translation>
    </message>
    <message>
        <source>largest value</source>
        <translation>größter Wert</translation>
    </message>
    <message>
        <source>at</source>
        <translation>bei</translation>
    </message>
    <message>
        <source>Failed checks (%1)</source>
        <translation>Fehlgeschlagene Prüfungen (%1)</translation>
    </message>
    <message>
        <source>Passed checks</source>
        <translation>Bestandene Prüfungen</translation>
    </message>
    <message>
        <source>Environment of %1</source>
        <translation>Umgebung von %1</translation>
    </message>
    <message>
        <source>Experiment file of %1</source>
        <translation>Experimentdatei von %1</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Änderungen</translation>
    </message>
</context>
<context>
    <name>ReportPdf</name>
    <message>
        <source>page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>Could not write the report %1: %2.</source>
        <translation>Der Bericht %1 konnte nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>Could not write the report %1.</source>
        <translation>Der Bericht %1 konnte nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>RooflineChartModel</name>
    <message>
        <source>arithmetic intensity (FLOP/byte)</source>
        <translation>arithmetische Intensität (FLOP/Byte)</translation>
    </message>
    <message>
        <source>GFLOP/s (FLOP per call / median time per call)</source>
        <translation>GFLOP/s (FLOP pro Aufruf / Median der Zeit pro Aufruf)</translation>
    </message>
    <message>
        <source>roof (probe run %1): %2 GFLOP/s, %3 GB/s</source>
        <translation>Dach (Messlauf %1): %2 GFLOP/s, %3 GB/s</translation>
    </message>
    <message>
        <source>%1 GFLOP/s at %2 FLOP/byte (median %3)</source>
        <translation>%1 GFLOP/s bei %2 FLOP/Byte (Median %3)</translation>
    </message>
    <message>
        <source>%1% of the roof</source>
        <translation>%1 % des Dachs</translation>
    </message>
    <message>
        <source>validation: %1</source>
        <translation>Validierung: %1</translation>
    </message>
    <message>
        <source>flops, bytes: per call; median_ns: ns per call; intensity and gflops are derived (flops/bytes, flops/median_ns), the others as stored</source>
        <translation>flops, bytes: pro Aufruf; median_ns: ns pro Aufruf; intensity und gflops sind abgeleitet (flops/bytes, flops/median_ns), die übrigen wie gespeichert</translation>
    </message>
    <message>
        <source>no probe of this machine in the store: run `d500 probe` to draw the roof</source>
        <translation>keine Messung dieser Maschine im Speicher: `d500 probe` ausführen, um das Dach zu zeichnen</translation>
    </message>
</context>
<context>
    <name>RunCatalog</name>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>run %1 · %2</source>
        <translation>Lauf %1 · %2</translation>
    </message>
</context>
<context>
    <name>RunCommand</name>
    <message>
        <source>The runner (d500) was not found; set D500_RUNNER to its path.</source>
        <translation>Der Runner (d500) wurde nicht gefunden; setzen Sie D500_RUNNER auf seinen Pfad.</translation>
    </message>
    <message>
        <source>This experiment runs under MPI, but mpirun was not found on PATH (set D500_MPIRUN to its path).</source>
        <translation>Dieses Experiment läuft unter MPI, aber mpirun wurde im PATH nicht gefunden (setzen Sie D500_MPIRUN auf seinen Pfad).</translation>
    </message>
    <message>
        <source>The launcher &quot;%1&quot; cannot be started with mpirun or locally.</source>
        <translation>Der Starter „%1“ kann weder mit mpirun noch lokal gestartet werden.</translation>
    </message>
</context>
<context>
    <name>RunIdentity</name>
    <message>
        <source>Run %1 of this store is not the run this tab was made for (another experiment or another creation time): nothing of it is shown. Open the run from the project tree to see it.</source>
        <translation>Lauf %1 dieses Speichers ist nicht der Lauf, für den dieser Tab angelegt wurde (ein anderes Experiment oder ein anderer Erstellungszeitpunkt): Nichts davon wird angezeigt. Öffnen Sie den Lauf aus dem Projektbaum, um ihn zu sehen.</translation>
    </message>
</context>
<context>
    <name>SeedBandChartModel</name>
    <message>
        <source>no per-seed series (a training run with several seeds has them)</source>
        <translation>keine Reihen pro Seed (ein Trainingslauf mit mehreren Seeds hat sie)</translation>
    </message>
    <message>
        <source>band: the median&apos;s confidence interval from the seeds&apos; order statistics; 95% needs 6 or more seeds, with fewer it is their range (coverage in the tooltip)</source>
        <translation>Band: Konfidenzintervall des Medians aus den Ordnungsstatistiken der Seeds; 95 % braucht mindestens 6 Seeds, mit weniger ist es ihre Spannweite (Überdeckung im Tooltip)</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>[rank %1]</source>
        <translation>[Rang %1]</translation>
    </message>
    <message>
        <source>%1: CI of the median (&gt;= %2% coverage, up to %3 seeds)</source>
        <translation>%1: KI des Medians (&gt;= %2 % Überdeckung, bis zu %3 Seeds)</translation>
    </message>
    <message>
        <source>%1: median across seeds</source>
        <translation>%1: Median über die Seeds</translation>
    </message>
    <message>
        <source>%1
step %2 · %3 seeds
median %4 · band [%5, %6] (%7% coverage)</source>
        <translation>%1
Schritt %2 · %3 Seeds
Median %4 · Band [%5, %6] (%7 % Überdeckung)</translation>
    </message>
    <message>
        <source>step: count; median, band_low, band_high: the series&apos; own unit, from the stored per-seed values; coverage: probability that the band holds the median</source>
        <translation>step: Anzahl; median, band_low, band_high: die Einheit der Reihe, aus den gespeicherten Werten pro Seed; coverage: Wahrscheinlichkeit, dass das Band den Median enthält</translation>
    </message>
</context>
<context>
    <name>SeriesChartModel</name>
    <message>
        <source>[rank %1]</source>
        <translation>[Rang %1]</translation>
    </message>
    <message>
        <source>wall time since the run started (s)</source>
        <translation>Zeit seit Laufbeginn (s)</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>step %1 · %2 s</source>
        <translation>Schritt %1 · %2 s</translation>
    </message>
    <message>
        <source>value %1</source>
        <translation>Wert %1</translation>
    </message>
    <message>
        <source>smoothed %1</source>
        <translation>%1 geglättet</translation>
    </message>
    <message>
        <source>step: count; wall_time: s since the run started; value: the series&apos; own unit, as recorded by the run</source>
        <translation>step: Anzahl; wall_time: s seit Laufbeginn; value: die eigene Einheit der Reihe, wie vom Lauf aufgezeichnet</translation>
    </message>
</context>
<context>
    <name>StoreStatus</name>
    <message>
        <source>The result store %1 does not exist yet; the first run will create it.</source>
        <translation>Der Ergebnisspeicher %1 existiert noch nicht; der erste Lauf legt ihn an.</translation>
    </message>
    <message>
        <source>The result store %1 was written by a newer d500 and cannot be read by this version; its runs are not shown and new runs cannot be stored there. (%2)</source>
        <translation>Der Ergebnisspeicher %1 wurde von einem neueren d500 geschrieben und kann von dieser Version nicht gelesen werden; seine Läufe werden nicht angezeigt, und neue Läufe können dort nicht gespeichert werden. (%2)</translation>
    </message>
    <message>
        <source>The result store %1 cannot be read: %2</source>
        <translation>Der Ergebnisspeicher %1 kann nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>SweepAxis</name>
    <message>
        <source>sweep point</source>
        <translation>Sweep-Punkt</translation>
    </message>
    <message>
        <source>problem (shape)</source>
        <translation>Problem (Shape)</translation>
    </message>
</context>
<context>
    <name>SweepChartModel</name>
    <message>
        <source>median time per call (%1), %2% CI bars</source>
        <translation>Median der Zeit pro Aufruf (%1), %2-%-KI-Balken</translation>
    </message>
    <message>
        <source>median %1, n %2</source>
        <translation>Median %1, n %2</translation>
    </message>
    <message>
        <source>%1% CI [%2, %3]</source>
        <translation>%1-%-KI [%2, %3]</translation>
    </message>
    <message>
        <source>no valid CI (too few samples)</source>
        <translation>kein gültiges KI (zu wenige Messwerte)</translation>
    </message>
    <message>
        <source>stop: %1</source>
        <translation>Abbruch: %1</translation>
    </message>
    <message>
        <source>validation: %1</source>
        <translation>Validierung: %1</translation>
    </message>
    <message>
        <source>median, ci_lo, ci_hi: per call, in the row&apos;s unit (ns); ci_level: a fraction</source>
        <translation>median, ci_lo, ci_hi: pro Aufruf, in der Einheit der Zeile (ns); ci_level: ein Anteil</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) stopped at a cap before the CI target: their bars are dashed</source>
        <translation>
            <numerusform>%n Punkt hat vor dem KI-Ziel an einer Grenze angehalten: sein Balken ist gestrichelt</numerusform>
            <numerusform>%n Punkte haben vor dem KI-Ziel an einer Grenze angehalten: ihre Balken sind gestrichelt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s) failed or empty, not drawn (see the CSV)</source>
        <translation>
            <numerusform>%n Messung fehlgeschlagen oder leer, nicht gezeichnet (siehe CSV)</numerusform>
            <numerusform>%n Messungen fehlgeschlagen oder leer, nicht gezeichnet (siehe CSV)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TabRender</name>
    <message>
        <source>Drawn by d500 Studio</source>
        <translation>Gezeichnet von d500 Studio</translation>
    </message>
    <message>
        <source>Could not write the image %1.</source>
        <translation>Das Bild %1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Could not write the drawing %1: %2.</source>
        <translation>Die Zeichnung %1 konnte nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>Could not write the PDF %1: %2.</source>
        <translation>Das PDF %1 konnte nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>Could not write the PDF %1.</source>
        <translation>Das PDF %1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>%1: unknown image format; use .png, .svg or .pdf.</source>
        <translation>%1: unbekanntes Bildformat; verwenden Sie .png, .svg oder .pdf.</translation>
    </message>
</context>
<context>
    <name>TimingsChartModel</name>
    <message>
        <source>time per call (%1) · %2</source>
        <translation>Zeit pro Aufruf (%1) · %2</translation>
    </message>
    <message>
        <source>n %1 · median %2</source>
        <translation>n %1 · Median %2</translation>
    </message>
    <message>
        <source>quartiles %1 – %2</source>
        <translation>Quartile %1 – %2</translation>
    </message>
    <message>
        <source>whiskers %1 – %2 (%3)</source>
        <translation>Whisker %1 – %2 (%3)</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) beyond the whiskers</source>
        <translation>
            <numerusform>%n Messwert jenseits der Whisker</numerusform>
            <numerusform>%n Messwerte jenseits der Whisker</numerusform>
        </translation>
    </message>
    <message>
        <source>value: one raw timing sample, per call, in the row&apos;s unit (ns)</source>
        <translation>value: ein roher Zeitmesswert pro Aufruf, in der Einheit der Zeile (ns)</translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s) not drawn (at most %1 per run); the CSV holds them all</source>
        <translation>
            <numerusform>%n Messung nicht gezeichnet (höchstens %1 pro Lauf); die CSV enthält alle</numerusform>
            <numerusform>%n Messungen nicht gezeichnet (höchstens %1 pro Lauf); die CSV enthält alle</numerusform>
        </translation>
    </message>
    <message>
        <source>implementations side by side</source>
        <translation>Implementierungen nebeneinander</translation>
    </message>
</context>
<context>
    <name>TrainingDashboardKind</name>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>not reached</source>
        <translation>nicht erreicht</translation>
    </message>
    <message>
        <source>Time to accuracy</source>
        <translation>Zeit bis zur Zielgenauigkeit</translation>
    </message>
    <message>
        <source>&lt;p&gt;No seed has finished yet.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Noch ist kein Seed fertig.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Target: %1% test accuracy.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ziel: %1 % Testgenauigkeit.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;No target accuracy set: every seed trains its epochs.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Keine Zielgenauigkeit gesetzt: Jeder Seed trainiert alle seine Epochen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>best test</source>
        <translation>beste Testgenauigkeit</translation>
    </message>
    <message>
        <source>final test</source>
        <translation>finale Testgenauigkeit</translation>
    </message>
    <message>
        <source>Recipe verdict</source>
        <translation>Urteil zum Rezept</translation>
    </message>
    <message>
        <source>%1: &lt;b style=&quot;color:#2e7d32&quot;&gt;compliant&lt;/b&gt;</source>
        <translation>%1: &lt;b style=&quot;color:#2e7d32&quot;&gt;konform&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1: &lt;b style=&quot;color:#c62828&quot;&gt;not compliant&lt;/b&gt;: %2</source>
        <translation>%1: &lt;b style=&quot;color:#c62828&quot;&gt;nicht konform&lt;/b&gt;: %2</translation>
    </message>
    <message>
        <source>No recipe: the experiment names none.</source>
        <translation>Kein Rezept: Das Experiment nennt keines.</translation>
    </message>
    <message>
        <source>loop overhead</source>
        <translation>Schleifen-Overhead</translation>
    </message>
    <message>
        <source>Where a step&apos;s time goes</source>
        <translation>Wo die Zeit eines Schritts bleibt</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>µs per step</source>
        <translation>µs pro Schritt</translation>
    </message>
    <message>
        <source>share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Loop overhead: %1 µs per step (%2 of the loop).</source>
        <translation>Schleifen-Overhead: %1 µs pro Schritt (%2 der Schleife).</translation>
    </message>
    <message>
        <source>Recipe %1: judged when the run finishes.</source>
        <translation>Rezept %1: wird beurteilt, wenn der Lauf endet.</translation>
    </message>
    <message>
        <source>Recipe %1: no verdict was stored (the run ended before it was judged).</source>
        <translation>Rezept %1: Es wurde kein Urteil gespeichert (der Lauf endete, bevor er beurteilt wurde).</translation>
    </message>
</context>
<context>
    <name>TrainingPanels</name>
    <message>
        <source>Loss per step</source>
        <translation>Verlust pro Schritt</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>loss per step (raw)</source>
        <translation>Verlust pro Schritt (roh)</translation>
    </message>
    <message>
        <source>loss, EMA</source>
        <translation>Verlust, EMA</translation>
    </message>
    <message>
        <source>Loss per epoch</source>
        <translation>Verlust pro Epoche</translation>
    </message>
    <message>
        <source>train loss (epoch mean)</source>
        <translation>Trainingsverlust (Mittel der Epoche)</translation>
    </message>
    <message>
        <source>test loss (per epoch)</source>
        <translation>Testverlust (pro Epoche)</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>test accuracy (per epoch)</source>
        <translation>Testgenauigkeit (pro Epoche)</translation>
    </message>
    <message>
        <source>train accuracy (per epoch)</source>
        <translation>Trainingsgenauigkeit (pro Epoche)</translation>
    </message>
    <message>
        <source>test accuracy (every eval_every steps)</source>
        <translation>Testgenauigkeit (alle eval_every Schritte)</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>Samples/s</translation>
    </message>
    <message>
        <source>samples/s (per epoch, compute only)</source>
        <translation>Samples/s (pro Epoche, nur Berechnung)</translation>
    </message>
    <message>
        <source>Step time vs data wait</source>
        <translation>Schrittzeit vs. Warten auf Daten</translation>
    </message>
    <message>
        <source>time per step</source>
        <translation>Zeit pro Schritt</translation>
    </message>
    <message>
        <source>step time (forward, backward, update)</source>
        <translation>Schrittzeit (vorwärts, rückwärts, Aktualisierung)</translation>
    </message>
    <message>
        <source>data wait (loader)</source>
        <translation>Warten auf Daten (Loader)</translation>
    </message>
    <message>
        <source>Communication volume</source>
        <translation>Kommunikationsvolumen</translation>
    </message>
    <message>
        <source>bytes per step</source>
        <translation>Bytes pro Schritt</translation>
    </message>
    <message>
        <source>bytes sent + received per step</source>
        <translation>gesendete + empfangene Bytes pro Schritt</translation>
    </message>
    <message>
        <source>Communication vs computation</source>
        <translation>Kommunikation vs. Berechnung</translation>
    </message>
    <message>
        <source>time in communication</source>
        <translation>Zeit für Kommunikation</translation>
    </message>
    <message>
        <source>time computing</source>
        <translation>Zeit für Berechnung</translation>
    </message>
</context>
<context>
    <name>ValidationSummary</name>
    <message>
        <source>not validated</source>
        <translation>nicht validiert</translation>
    </message>
    <message numerus="yes">
        <source>ok (%n checks)</source>
        <translation>
            <numerusform>ok (%n Prüfung)</numerusform>
            <numerusform>ok (%n Prüfungen)</numerusform>
        </translation>
    </message>
    <message>
        <source>FAILED: %1</source>
        <translation>FEHLGESCHLAGEN: %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::AboutDialog</name>
    <message>
        <source>not found</source>
        <translation>nicht gefunden</translation>
    </message>
    <message>
        <source>unknown (%1 did not answer --version)</source>
        <translation>unbekannt (%1 hat nicht auf --version geantwortet)</translation>
    </message>
    <message>
        <source>About d500 Studio</source>
        <translation>Über d500 Studio</translation>
    </message>
    <message>
        <source>d500 Studio %1 (%2)</source>
        <translation>d500 Studio %1 (%2)</translation>
    </message>
    <message>
        <source>Runner: %1</source>
        <translation>Runner: %1</translation>
    </message>
    <message>
        <source>Runner path: %1</source>
        <translation>Pfad des Runners: %1</translation>
    </message>
    <message>
        <source>Qt: %1 (built with %2)</source>
        <translation>Qt: %1 (erstellt mit %2)</translation>
    </message>
    <message>
        <source>Compiler: %1</source>
        <translation>Compiler: %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;A workbench for fair, statistically sound and reproducible deep learning benchmarks, after Deep500 (Ben-Nun et al., IPDPS&apos;19).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Eine Werkbank für faire, statistisch fundierte und reproduzierbare Deep-Learning-Benchmarks, nach Deep500 (Ben-Nun et al., IPDPS&apos;19).&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasEdgeItem</name>
    <message>
        <source>Runs as its own variant, compared with the wired one</source>
        <translation>Läuft als eigene Variante, verglichen mit der verbundenen</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasLive</name>
    <message numerus="yes">
        <source>(%n ranks)</source>
        <translation>
            <numerusform>(%n Rang)</numerusform>
            <numerusform>(%n Ränge)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 per step</source>
        <translation>%1 pro Schritt</translation>
    </message>
    <message>
        <source>%1 per epoch</source>
        <translation>%1 pro Epoche</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasModel</name>
    <message>
        <source>needs a %1 at its &quot;%2&quot; input</source>
        <translation>%1 fehlt am Eingang „%2“</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>There is no component kind &quot;%1&quot;</source>
        <translation>Es gibt keine Komponentenart „%1“</translation>
    </message>
    <message>
        <source>A %1 has no place in a %2 experiment</source>
        <translation>%1 gehört nicht in ein %2-Experiment</translation>
    </message>
    <message>
        <source>Swap %1 for %2</source>
        <translation>%1 durch %2 ersetzen</translation>
    </message>
    <message>
        <source>%1 %2 is already there</source>
        <translation>%1 %2 ist schon vorhanden</translation>
    </message>
    <message>
        <source>The %1 comes with the level</source>
        <translation>%1 gehört fest zur Ebene</translation>
    </message>
    <message>
        <source>Add %1 %2</source>
        <translation>%1 %2 hinzufügen</translation>
    </message>
    <message>
        <source>There is nothing to connect</source>
        <translation>Hier gibt es nichts zu verbinden</translation>
    </message>
    <message>
        <source>A spare takes no inputs: connect into the experiment&apos;s components</source>
        <translation>Eine Reservekomponente nimmt keine Eingänge an: Verbinden Sie stattdessen mit den Komponenten des Experiments</translation>
    </message>
    <message>
        <source>Connect %1 to %2</source>
        <translation>%1 mit %2 verbinden</translation>
    </message>
    <message>
        <source>Nothing is connected there</source>
        <translation>Dort ist nichts verbunden</translation>
    </message>
    <message>
        <source>Disconnect %1</source>
        <translation>%1 trennen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n component(s)</source>
        <translation>
            <numerusform>%n Komponente löschen</numerusform>
            <numerusform>%n Komponenten löschen</numerusform>
        </translation>
    </message>
    <message>
        <source>Open template</source>
        <translation>Vorlage öffnen</translation>
    </message>
    <message numerus="yes">
        <source>Move %n component(s)</source>
        <translation>
            <numerusform>%n Komponente verschieben</numerusform>
            <numerusform>%n Komponenten verschieben</numerusform>
        </translation>
    </message>
    <message>
        <source>Auto-layout</source>
        <translation>Automatisch anordnen</translation>
    </message>
    <message numerus="yes">
        <source>Align %n component(s)</source>
        <translation>
            <numerusform>%n Komponente ausrichten</numerusform>
            <numerusform>%n Komponenten ausrichten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Paste %n component(s)</source>
        <translation>
            <numerusform>%n Komponente einfügen</numerusform>
            <numerusform>%n Komponenten einfügen</numerusform>
        </translation>
    </message>
    <message>
        <source>A %1 experiment takes no model: a network, training or distributed one does</source>
        <translation>Ein %1-Experiment hat kein Modell: Nur Netz-, Trainings- und verteilte Experimente haben eines</translation>
    </message>
    <message>
        <source>%1 is not an ONNX model (.onnx)</source>
        <translation>%1 ist kein ONNX-Modell (.onnx)</translation>
    </message>
    <message>
        <source>There is no model file %1</source>
        <translation>Es gibt keine Modelldatei %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasNames</name>
    <message>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <source>Repetition</source>
        <translation>Wiederholung</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Implementation</source>
        <translation>Implementierung</translation>
    </message>
    <message>
        <source>Batch sizes</source>
        <translation>Batchgrößen</translation>
    </message>
    <message>
        <source>Measures</source>
        <translation>Messgrößen</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>Rezept</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Transforms</source>
        <translation>Transformationen</translation>
    </message>
    <message>
        <source>Sampler</source>
        <translation>Sampler</translation>
    </message>
    <message>
        <source>Per-rank sampler</source>
        <translation>Sampler je Rang</translation>
    </message>
    <message>
        <source>Loader</source>
        <translation>Lader</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>Stop conditions</source>
        <translation>Abbruchbedingungen</translation>
    </message>
    <message>
        <source>Launcher</source>
        <translation>Starter</translation>
    </message>
    <message>
        <source>Communicator</source>
        <translation>Kommunikator</translation>
    </message>
    <message>
        <source>Scheme</source>
        <translation>Verfahren</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>Kollektiv</translation>
    </message>
    <message>
        <source>Trainer</source>
        <translation>Trainer</translation>
    </message>
    <message>
        <source>shapes</source>
        <translation>Formen</translation>
    </message>
    <message>
        <source>policy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>batch sizes</source>
        <translation>Batchgrößen</translation>
    </message>
    <message>
        <source>measures</source>
        <translation>Messgrößen</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>indices</source>
        <translation>Indizes</translation>
    </message>
    <message>
        <source>schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>communicator</source>
        <translation>Kommunikator</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>Ränge</translation>
    </message>
    <message>
        <source>batches</source>
        <translation>Batches</translation>
    </message>
    <message>
        <source>network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>scheme</source>
        <translation>Verfahren</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>Abbruch</translation>
    </message>
    <message>
        <source>recipe</source>
        <translation>Rezept</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasNames::Type</name>
    <message>
        <source>Policy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Timings</source>
        <translation>Zeitmessungen</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>BatchSizes</source>
        <translation>Batchgrößen</translation>
    </message>
    <message>
        <source>Measures</source>
        <translation>Messgrößen</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>Rezept</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Indices</source>
        <translation>Indizes</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>Batches</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Abbruch</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ränge</translation>
    </message>
    <message>
        <source>Communicator</source>
        <translation>Kommunikator</translation>
    </message>
    <message>
        <source>Scheme</source>
        <translation>Verfahren</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Reihen</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasNodeItem</name>
    <message>
        <source>%1 (spare)</source>
        <translation>%1 (Reserve)</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasPalette</name>
    <message>
        <source>Components</source>
        <translation>Komponenten</translation>
    </message>
    <message>
        <source>Drag a component onto the canvas, onto a component of the same kind to swap it, or onto an input port.</source>
        <translation>Ziehen Sie eine Komponente auf die Zeichenfläche, auf eine gleichartige Komponente, um sie zu ersetzen, oder auf einen Eingang.</translation>
    </message>
</context>
<context>
    <name>d500::studio::ChangeDialog</name>
    <message>
        <source>not recorded</source>
        <translation>nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>BUSY</source>
        <translation>AUSGELASTET</translation>
    </message>
    <message>
        <source>quiet</source>
        <translation>ruhig</translation>
    </message>
    <message>
        <source>Not confirmed yet: &lt;i&gt;Rerun to Confirm&lt;/i&gt; runs both experiments again here, interleaved in randomized blocks.</source>
        <translation>Noch nicht bestätigt: &lt;i&gt;Zur Bestätigung wiederholen&lt;/i&gt; führt beide Experimente hier erneut aus, verschränkt in randomisierten Blöcken.</translation>
    </message>
    <message>
        <source>Rerun to confirm: &lt;b&gt;%1&lt;/b&gt; (reruns %2, CI [%3, %4]; %5 of %6 blocks agreed) on %7</source>
        <translation>Wiederholung zur Bestätigung: &lt;b&gt;%1&lt;/b&gt; (Wiederholungen %2, KI [%3, %4]; %5 von %6 Blöcken übereinstimmend) am %7</translation>
    </message>
    <message>
        <source>Change between run %1 and run %2</source>
        <translation>Änderung zwischen Lauf %1 und Lauf %2</translation>
    </message>
    <message>
        <source>Open Run &amp;Before</source>
        <translation>Lauf &amp;davor öffnen</translation>
    </message>
    <message>
        <source>Open Run &amp;After</source>
        <translation>Lauf d&amp;anach öffnen</translation>
    </message>
    <message>
        <source>&amp;Rerun to Confirm</source>
        <translation>Zur Bestätigung &amp;wiederholen</translation>
    </message>
    <message>
        <source>Queue both runs&apos; experiments again on this machine, as randomized A/B blocks (d500 confirm); the verdict is stored with the change</source>
        <translation>Die Experimente beider Läufe erneut auf dieser Maschine einreihen, als randomisierte A/B-Blöcke (d500 confirm); das Urteil wird bei der Änderung gespeichert</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — median &lt;b&gt;%2&lt;/b&gt; (95% CI [%3, %4], p = %5) between run %6 (%7) and run %8 (%9)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — Median &lt;b&gt;%2&lt;/b&gt; (95-%-KI [%3, %4], p = %5) zwischen Lauf %6 (%7) und Lauf %8 (%9)</translation>
    </message>
    <message>
        <source>Machine load: before %1, after %2</source>
        <translation>Maschinenlast: davor %1, danach %2</translation>
    </message>
    <message>
        <source>What changed in the environment across it:</source>
        <translation>Was sich in der Umgebung dabei geändert hat:</translation>
    </message>
    <message>
        <source>nothing: the same environment on both sides</source>
        <translation>nichts: dieselbe Umgebung auf beiden Seiten</translation>
    </message>
    <message>
        <source>samples of each side (%1)</source>
        <translation>Stichproben jeder Seite (%1)</translation>
    </message>
    <message>
        <source>before: runs #%1 to #%2</source>
        <translation>davor: Läufe #%1 bis #%2</translation>
    </message>
    <message>
        <source>after: runs #%1 to #%2</source>
        <translation>danach: Läufe #%1 bis #%2</translation>
    </message>
    <message>
        <source>time per call (%1)</source>
        <translation>Zeit pro Aufruf (%1)</translation>
    </message>
    <message>
        <source>Both sides&apos; samples</source>
        <translation>Stichproben beider Seiten</translation>
    </message>
</context>
<context>
    <name>d500::studio::ChartActions</name>
    <message>
        <source>No runs yet: the chart fills in when a run of this project stores results.</source>
        <translation>Noch keine Läufe: Das Diagramm füllt sich, sobald ein Lauf dieses Projekts Ergebnisse speichert.</translation>
    </message>
    <message>
        <source>Show the chart to export in the current tab first.</source>
        <translation>Zeigen Sie zuerst das zu exportierende Diagramm im aktuellen Tab an.</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Resolution (dots per inch):</source>
        <translation>Auflösung (Punkte pro Zoll):</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>Export chart data</source>
        <translation>Diagrammdaten exportieren</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>There are no runs to report on yet.</source>
        <translation>Es gibt noch keine Läufe für einen Bericht.</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>HTML page (*.html)</source>
        <translation>HTML-Seite (*.html)</translation>
    </message>
    <message>
        <source>There are no runs to summarise yet.</source>
        <translation>Es gibt noch keine Läufe für eine Zusammenfassung.</translation>
    </message>
    <message>
        <source>Export run summary</source>
        <translation>Laufzusammenfassung exportieren</translation>
    </message>
</context>
<context>
    <name>d500::studio::ChartControls</name>
    <message>
        <source>Series</source>
        <translation>Reihen</translation>
    </message>
    <message>
        <source>Which series to draw</source>
        <translation>Welche Reihen gezeichnet werden</translation>
    </message>
    <message>
        <source>against step</source>
        <translation>über Schritt</translation>
    </message>
    <message>
        <source>against wall time</source>
        <translation>über Zeit</translation>
    </message>
    <message>
        <source>Log X</source>
        <translation>Log X</translation>
    </message>
    <message>
        <source>Log Y</source>
        <translation>Log Y</translation>
    </message>
    <message>
        <source> Smoothing </source>
        <translation> Glättung </translation>
    </message>
    <message>
        <source>Exponential moving average weight; the raw line stays visible</source>
        <translation>Gewicht des exponentiell gleitenden Mittels; die Rohlinie bleibt sichtbar</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Show all data (double click, or the 0 key)</source>
        <translation>Alle Daten zeigen (Doppelklick oder Taste 0)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
</context>
<context>
    <name>d500::studio::ChartPanel</name>
    <message>
        <source>Reading the store failed: %1</source>
        <translation>Lesen des Speichers fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Convergence</source>
        <translation>Konvergenz</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Timing distributions</source>
        <translation>Verteilungen der Zeitmessungen</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>%1 values</source>
        <translation>%1 Werte</translation>
    </message>
    <message>
        <source>run %1 %2</source>
        <translation>Lauf %1 %2</translation>
    </message>
    <message>
        <source>Export the chart as %1</source>
        <translation>Das Diagramm als %1 exportieren</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1-Dateien (*.%2)</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>Auflösung</translation>
    </message>
    <message>
        <source>Dots per inch:</source>
        <translation>Punkte pro Zoll:</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Nothing to export to %1: %2</source>
        <translation>Nichts nach %1 zu exportieren: %2</translation>
    </message>
    <message>
        <source>Across seeds</source>
        <translation>Über Seeds</translation>
    </message>
</context>
<context>
    <name>d500::studio::CollectiveDashboard</name>
    <message>
        <source>median %1, n %2, algbw %3 GB/s</source>
        <translation>Median %1, n %2, algbw %3 GB/s</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>Kollektive</translation>
    </message>
    <message>
        <source>Algorithm bandwidth (algbw = size / time)</source>
        <translation>Algorithmusbandbreite (algbw = Größe / Zeit)</translation>
    </message>
    <message>
        <source>algbw (GB/s)</source>
        <translation>algbw (GB/s)</translation>
    </message>
    <message>
        <source>Bus bandwidth (busbw = algbw × nccl-tests factor)</source>
        <translation>Busbandbreite (busbw = algbw × Faktor von nccl-tests)</translation>
    </message>
    <message>
        <source>busbw (GB/s)</source>
        <translation>busbw (GB/s)</translation>
    </message>
    <message>
        <source>Time per call</source>
        <translation>Zeit pro Aufruf</translation>
    </message>
    <message>
        <source>median time per call</source>
        <translation>Median der Zeit pro Aufruf</translation>
    </message>
    <message>
        <source>&lt;b&gt;1 rank&lt;/b&gt;</source>
        <translation>&lt;b&gt;1 Rang&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 ranks&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 Ränge&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · %1 · message size per rank on the x axis; error bars: 95% CI of the median (dashed: stopped at a cap); busbw factors: allreduce 2(n-1)/n, allgather (n-1)/n, broadcast 1</source>
        <translation> · %1 · x-Achse: Nachrichtengröße je Rang; Fehlerbalken: 95-%-KI des Medians (gestrichelt: an einer Grenze angehalten); busbw-Faktoren: allreduce 2(n-1)/n, allgather (n-1)/n, broadcast 1</translation>
    </message>
    <message>
        <source> · &lt;b style=&quot;color:#2e7d32&quot;&gt;all %1 results correct&lt;/b&gt;</source>
        <translation> · &lt;b style=&quot;color:#2e7d32&quot;&gt;alle %1 Ergebnisse korrekt&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · &lt;b style=&quot;color:#c62828&quot;&gt;%1 of %2 results wrong&lt;/b&gt;</source>
        <translation> · &lt;b style=&quot;color:#c62828&quot;&gt;%1 von %2 Ergebnissen falsch&lt;/b&gt;</translation>
    </message>
    <message>
        <source>message size per rank (bytes)</source>
        <translation>Nachrichtengröße je Rang (Bytes)</translation>
    </message>
</context>
<context>
    <name>d500::studio::CollectiveSection</name>
    <message>
        <source>Collective operations</source>
        <translation>Kollektive Operationen</translation>
    </message>
    <message>
        <source>Smallest message (bytes)</source>
        <translation>Kleinste Nachricht (Bytes)</translation>
    </message>
    <message>
        <source>Largest message (bytes)</source>
        <translation>Größte Nachricht (Bytes)</translation>
    </message>
    <message>
        <source>Element type</source>
        <translation>Elementtyp</translation>
    </message>
</context>
<context>
    <name>d500::studio::CompareView</name>
    <message>
        <source>Runs to compare (the first checked is the baseline):</source>
        <translation>Zu vergleichende Läufe (der erste markierte ist die Referenz):</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>Referenz:</translation>
    </message>
    <message>
        <source>Report (HTML)…</source>
        <translation>Bericht (HTML)…</translation>
    </message>
    <message>
        <source>Report (PDF)…</source>
        <translation>Bericht (PDF)…</translation>
    </message>
    <message>
        <source>Measurements</source>
        <translation>Messungen</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1 (%2, %3)</translation>
    </message>
    <message>
        <source>Check one run to compare its implementations, or several runs to compare them with the first.</source>
        <translation>Markieren Sie einen Lauf, um seine Implementierungen zu vergleichen, oder mehrere Läufe, um sie mit dem ersten zu vergleichen.</translation>
    </message>
    <message>
        <source>The store %1 does not exist yet.</source>
        <translation>Der Speicher %1 existiert noch nicht.</translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s) across %1 runs. Speedup = baseline median / median (&gt; 1: faster); verdict: two-sided Mann-Whitney U on the raw samples, alpha 0.05.</source>
        <translation>
            <numerusform>%n Messung über %1 Läufe. Speedup = Median der Referenz / Median (&gt; 1: schneller); Urteil: zweiseitiger Mann-Whitney-U-Test auf den Rohmesswerten, alpha 0,05.</numerusform>
            <numerusform>%n Messungen über %1 Läufe. Speedup = Median der Referenz / Median (&gt; 1: schneller); Urteil: zweiseitiger Mann-Whitney-U-Test auf den Rohmesswerten, alpha 0,05.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>One run: %n point(s), each implementation against %1. Speedup = baseline median / median; verdict: two-sided Mann-Whitney U, alpha 0.05.</source>
        <translation>
            <numerusform>Ein Lauf: %n Punkt, jede Implementierung gegen %1. Speedup = Median der Referenz / Median; Urteil: zweiseitiger Mann-Whitney-U-Test, alpha 0,05.</numerusform>
            <numerusform>Ein Lauf: %n Punkte, jede Implementierung gegen %1. Speedup = Median der Referenz / Median; Urteil: zweiseitiger Mann-Whitney-U-Test, alpha 0,05.</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the store %1 failed: %2</source>
        <translation>Lesen des Speichers %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Point</source>
        <translation>Punkt</translation>
    </message>
    <message>
        <source>Implementation</source>
        <translation>Implementierung</translation>
    </message>
    <message>
        <source>%1
median ± CI</source>
        <translation>%1
Median ± KI</translation>
    </message>
    <message>
        <source>%1
speedup</source>
        <translation>%1
Speedup</translation>
    </message>
    <message>
        <source>%1
Mann-Whitney</source>
        <translation>%1
Mann-Whitney</translation>
    </message>
    <message>
        <source>%1
validation</source>
        <translation>%1
Validierung</translation>
    </message>
    <message>
        <source> (no CI)</source>
        <translation> (kein KI)</translation>
    </message>
    <message>
        <source>%1% CI [%2, %3], n = %4, stop: %5</source>
        <translation>%1-%-KI [%2, %3], n = %4, Abbruch: %5</translation>
    </message>
    <message>
        <source>The CI did not reach its target.</source>
        <translation>Das KI hat sein Ziel nicht erreicht.</translation>
    </message>
    <message>
        <source>%1 (p %2, r %3)</source>
        <translation>%1 (p %2, r %3)</translation>
    </message>
    <message>
        <source>Compared run</source>
        <translation>Verglichener Lauf</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referenz (Baseline)</translation>
    </message>
    <message>
        <source>This run</source>
        <translation>Dieser Lauf</translation>
    </message>
    <message>
        <source>(one run: nothing to compare)</source>
        <translation>(ein Lauf: nichts zu vergleichen)</translation>
    </message>
    <message>
        <source>(identical environment)</source>
        <translation>(identische Umgebung)</translation>
    </message>
    <message>
        <source>(no environment recorded)</source>
        <translation>(keine Umgebung aufgezeichnet)</translation>
    </message>
    <message>
        <source>Report as PDF</source>
        <translation>Bericht als PDF</translation>
    </message>
    <message>
        <source>Report as HTML</source>
        <translation>Bericht als HTML</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF-Dateien (*.pdf)</translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation>HTML-Dateien (*.html)</translation>
    </message>
    <message>
        <source>Report failed</source>
        <translation>Bericht fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>d500::studio::CurvePanel</name>
    <message>
        <source>%1 — not in this run</source>
        <translation>%1 — nicht in diesem Lauf</translation>
    </message>
</context>
<context>
    <name>d500::studio::DashboardPanel</name>
    <message>
        <source>epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <source>wall time since the training started (s)</source>
        <translation>Zeit seit Trainingsbeginn (s)</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>shaded: CI of the median (%1%)</source>
        <translation>schattiert: KI des Medians (%1 %)</translation>
    </message>
    <message>
        <source>target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>target %1% (time-to-accuracy)</source>
        <translation>Ziel %1 % (Zeit bis zur Zielgenauigkeit)</translation>
    </message>
</context>
<context>
    <name>d500::studio::DistributedSection</name>
    <message>
        <source>Distributed</source>
        <translation>Verteilt</translation>
    </message>
    <message>
        <source>Scheme</source>
        <translation>Verfahren</translation>
    </message>
    <message>
        <source>model_averaging: average the models after every k-th step</source>
        <translation>model_averaging: die Modelle nach jedem k-ten Schritt mitteln</translation>
    </message>
    <message>
        <source>Average every (steps)</source>
        <translation>Mitteln alle (Schritte)</translation>
    </message>
    <message>
        <source>Sampler across ranks</source>
        <translation>Sampler über die Ränge</translation>
    </message>
    <message>
        <source>Measure the 1-rank base case (speedup and efficiency)</source>
        <translation>Basisfall mit 1 Rang messen (Beschleunigung und Effizienz)</translation>
    </message>
</context>
<context>
    <name>d500::studio::ExperimentActions</name>
    <message>
        <source>New experiment: pick an operator in the palette on the left.</source>
        <translation>Neues Experiment: Wählen Sie links in der Palette einen Operator.</translation>
    </message>
    <message>
        <source>Add experiment files</source>
        <translation>Experimentdateien hinzufügen</translation>
    </message>
    <message>
        <source>Experiments (*.json);;All files (*)</source>
        <translation>Experimente (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Save experiment as</source>
        <translation>Experiment speichern unter</translation>
    </message>
    <message>
        <source>Experiments (*.json)</source>
        <translation>Experimente (*.json)</translation>
    </message>
    <message>
        <source>Select an experiment to run (in the project dock, or open it in the editor).</source>
        <translation>Wählen Sie ein Experiment zum Ausführen (im Projektbereich oder im Editor geöffnet).</translation>
    </message>
    <message>
        <source>%1 cannot run yet:
%2</source>
        <translation>%1 kann noch nicht ausgeführt werden:
%2</translation>
    </message>
    <message>
        <source>Queued %1</source>
        <translation>%1 eingereiht</translation>
    </message>
    <message>
        <source>Canvas</source>
        <translation>Zeichenfläche</translation>
    </message>
</context>
<context>
    <name>d500::studio::ExperimentCanvas</name>
    <message>
        <source>Unconnected required inputs and what the runner would reject, by component.</source>
        <translation>Nicht verbundene Pflichteingänge und was der Runner ablehnen würde, je Komponente.</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Templates</source>
        <translation>Vorlagen</translation>
    </message>
    <message>
        <source>Auto-layout</source>
        <translation>Automatisch anordnen</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <source>Align left</source>
        <translation>Links ausrichten</translation>
    </message>
    <message>
        <source>Align top</source>
        <translation>Oben ausrichten</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>Einfügen</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Select all</source>
        <translation>Alles auswählen</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>No problems: every required input is connected.</source>
        <translation>Keine Probleme: Jeder Pflichteingang ist verbunden.</translation>
    </message>
    <message>
        <source>Open a project to run: its store keeps the results.</source>
        <translation>Öffnen Sie zum Ausführen ein Projekt: Sein Speicher bewahrt die Ergebnisse.</translation>
    </message>
    <message>
        <source>Fix the problems below before running.</source>
        <translation>Beheben Sie vor dem Ausführen die Probleme unten.</translation>
    </message>
    <message numerus="yes">
        <source>Queued %n run(s)</source>
        <translation>
            <numerusform>%n Lauf eingereiht</numerusform>
            <numerusform>%n Läufe eingereiht</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Model File…</source>
        <translation>Modelldatei…</translation>
    </message>
    <message>
        <source>Model of the Experiment</source>
        <translation>Modell des Experiments</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx)</source>
        <translation>ONNX-Modelle (*.onnx)</translation>
    </message>
</context>
<context>
    <name>d500::studio::ExperimentDocument</name>
    <message>
        <source>Cannot open the experiment %1: %2</source>
        <translation>Das Experiment %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2</source>
        <translation>%1 ist kein gültiges JSON: %2</translation>
    </message>
    <message>
        <source>%1 does not hold an experiment (a JSON object)</source>
        <translation>%1 enthält kein Experiment (ein JSON-Objekt)</translation>
    </message>
    <message>
        <source>Cannot write the experiment %1: %2</source>
        <translation>Das Experiment %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>(unnamed experiment)</source>
        <translation>(unbenanntes Experiment)</translation>
    </message>
    <message>
        <source>Choose operator %1</source>
        <translation>Operator %1 wählen</translation>
    </message>
    <message>
        <source>Add implementation %1</source>
        <translation>Implementierung %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove implementation %1</source>
        <translation>Implementierung %1 entfernen</translation>
    </message>
    <message>
        <source>Add input</source>
        <translation>Eingabe hinzufügen</translation>
    </message>
    <message>
        <source>Remove input %1</source>
        <translation>Eingabe %1 entfernen</translation>
    </message>
    <message>
        <source>Remove attribute %1</source>
        <translation>Attribut %1 entfernen</translation>
    </message>
    <message>
        <source>Add host %1</source>
        <translation>Host %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove host</source>
        <translation>Host entfernen</translation>
    </message>
    <message>
        <source>Edit JSON</source>
        <translation>JSON bearbeiten</translation>
    </message>
    <message>
        <source>Make it a %1 experiment</source>
        <translation>Zu einem %1-Experiment machen</translation>
    </message>
    <message>
        <source>Choose %1 %2</source>
        <translation>%1 %2 wählen</translation>
    </message>
</context>
<context>
    <name>d500::studio::ExperimentEditor</name>
    <message>
        <source>What the runner would reject; double-click to go to the field.</source>
        <translation>Was der Runner ablehnen würde; Doppelklick springt zum Feld.</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>No problems: the runner will accept this experiment.</source>
        <translation>Keine Probleme: Der Runner wird dieses Experiment annehmen.</translation>
    </message>
    <message>
        <source>No problems in the file; asking the runner about its plugins...</source>
        <translation>Keine Probleme in der Datei; der Runner wird zu den Plugins befragt...</translation>
    </message>
    <message>
        <source>No problems in the file, but the runner could not check its plugins: %1</source>
        <translation>Keine Probleme in der Datei, aber der Runner konnte die Plugins nicht prüfen: %1</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>Formular</translation>
    </message>
</context>
<context>
    <name>d500::studio::FieldBinding</name>
    <message>
        <source>Expected %1</source>
        <translation>Erwartet: %1</translation>
    </message>
    <message>
        <source>Not a valid value yet</source>
        <translation>Noch kein gültiger Wert</translation>
    </message>
</context>
<context>
    <name>d500::studio::FirstSteps</name>
    <message>
        <source>Open the example project</source>
        <translation>Das Beispielprojekt öffnen</translation>
    </message>
    <message>
        <source>Operator experiments with their sweep and timing charts. A copy is made for you, so your runs stay with it.</source>
        <translation>Operator-Experimente mit ihren Sweep- und Zeitdiagrammen. Sie erhalten eine eigene Kopie, bei der Ihre Läufe bleiben.</translation>
    </message>
    <message>
        <source>Compare implementations of an operator</source>
        <translation>Implementierungen eines Operators vergleichen</translation>
    </message>
    <message>
        <source>A new experiment from the canvas template: Gemm on the reference and torch implementations over a sweep of sizes.</source>
        <translation>Ein neues Experiment aus der Canvas-Vorlage: Gemm mit der Referenz- und der Torch-Implementierung über einen Sweep von Größen.</translation>
    </message>
    <message>
        <source>Run the Fashion-MNIST recipe</source>
        <translation>Das Fashion-MNIST-Rezept ausführen</translation>
    </message>
    <message>
        <source>Train the MLP to 85% test accuracy with one seed and watch its training dashboard as it runs.</source>
        <translation>Das MLP mit einem Seed auf 85 % Testgenauigkeit trainieren und dabei sein Trainings-Dashboard verfolgen.</translation>
    </message>
    <message>
        <source>Open an ONNX model</source>
        <translation>Ein ONNX-Modell öffnen</translation>
    </message>
    <message>
        <source>See a network as a graph of its operators, with each node&apos;s attributes and shapes.</source>
        <translation>Ein Netz als Graph seiner Operatoren ansehen, mit den Attributen und Formen jedes Knotens.</translation>
    </message>
    <message>
        <source>Open a result store</source>
        <translation>Einen Ergebnisspeicher öffnen</translation>
    </message>
    <message>
        <source>Browse the runs of a .d500db file without a project.</source>
        <translation>Die Läufe einer .d500db-Datei ohne Projekt durchsehen.</translation>
    </message>
</context>
<context>
    <name>d500::studio::GeneralSection</name>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>Operators (L0)</source>
        <translation>Operatoren (L0)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Networks (L1)</source>
        <translation>Netze (L1)</translation>
    </message>
    <message>
        <source>Training (L2)</source>
        <translation>Training (L2)</translation>
    </message>
    <message>
        <source>Distributed training (L3)</source>
        <translation>Verteiltes Training (L3)</translation>
    </message>
    <message>
        <source>Collective communication (L3)</source>
        <translation>Kollektive Kommunikation (L3)</translation>
    </message>
    <message>
        <source>Changing the level replaces the level&apos;s sections with its defaults (undo brings them back).</source>
        <translation>Ein Wechsel der Ebene ersetzt deren Abschnitte durch Vorgaben (Rückgängig stellt sie wieder her).</translation>
    </message>
</context>
<context>
    <name>d500::studio::GraphKind</name>
    <message>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
</context>
<context>
    <name>d500::studio::GraphLoader</name>
    <message>
        <source>built by the %1 builder</source>
        <translation>erstellt vom Builder %1</translation>
    </message>
    <message>
        <source>Cannot show %1: %2</source>
        <translation>%1 kann nicht angezeigt werden: %2</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>Run %1 is not in the store %2.</source>
        <translation>Lauf %1 ist nicht im Speicher %2.</translation>
    </message>
    <message>
        <source>run %1 · %2</source>
        <translation>Lauf %1 · %2</translation>
    </message>
    <message>
        <source>Run %1 is a %2 run; the graph view shows the model of a network run.</source>
        <translation>Lauf %1 ist ein %2-Lauf; die Graphansicht zeigt das Modell eines Netzwerk-Laufs.</translation>
    </message>
    <message>
        <source>Cannot read the model of run %1: %2</source>
        <translation>Das Modell von Lauf %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Cannot show the model of run %1: %2</source>
        <translation>Das Modell von Lauf %1 kann nicht angezeigt werden: %2</translation>
    </message>
</context>
<context>
    <name>d500::studio::GraphMinimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>Übersicht: Klicken oder ziehen, um die Ansicht zu verschieben</translation>
    </message>
</context>
<context>
    <name>d500::studio::GraphTab</name>
    <message>
        <source>Open an ONNX model (File &gt; Open ONNX Model…) or the graph of a network run.</source>
        <translation>Öffnen Sie ein ONNX-Modell (Datei &gt; ONNX-Modell öffnen…) oder den Graphen eines Netzwerk-Laufs.</translation>
    </message>
    <message>
        <source>Find a node by name (Ctrl+F)</source>
        <translation>Knoten nach Namen suchen (Ctrl+F)</translation>
    </message>
    <message>
        <source>Zoom out (-, Ctrl+wheel)</source>
        <translation>Verkleinern (-, Ctrl+Mausrad)</translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel)</source>
        <translation>Vergrößern (+, Ctrl+Mausrad)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Fit the graph in the view (F)</source>
        <translation>Den Graphen in die Ansicht einpassen (F)</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>Färben nach</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Click a node to see its measurements, attributes and shapes.</source>
        <translation>Klicken Sie auf einen Knoten, um seine Messungen, Attribute und Shapes zu sehen.</translation>
    </message>
    <message>
        <source>Reading the model and laying it out with Graphviz (dot)…</source>
        <translation>Das Modell wird gelesen und mit Graphviz (dot) angeordnet…</translation>
    </message>
    <message>
        <source>Nothing</source>
        <translation>Nichts</translation>
    </message>
    <message>
        <source>Time share</source>
        <translation>Zeitanteil</translation>
    </message>
    <message>
        <source>Validation error</source>
        <translation>Validierungsfehler</translation>
    </message>
    <message>
        <source>Validation error (not measured)</source>
        <translation>Validierungsfehler (nicht gemessen)</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Arbeitsspeicher</translation>
    </message>
    <message>
        <source>Not on a node of the graph: %1</source>
        <translation>Keinem Knoten des Graphen zugeordnet: %1</translation>
    </message>
    <message>
        <source>No node named “%1”</source>
        <translation>Kein Knoten namens „%1“</translation>
    </message>
    <message>
        <source>Graph · %1</source>
        <translation>Graph · %1</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>There is no graph to export yet.</source>
        <translation>Es gibt noch keinen Graphen zum Exportieren.</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Show constants</source>
        <translation>Konstanten anzeigen</translation>
    </message>
    <message>
        <source>Show Constant nodes as boxes of their own instead of inside the nodes that read them</source>
        <translation>Constant-Knoten als eigene Kästen zeigen statt in den Knoten, die sie lesen</translation>
    </message>
    <message>
        <source>Graph of %1</source>
        <translation>Graph von %1</translation>
    </message>
    <message>
        <source>Graph of %1 (%2)</source>
        <translation>Graph von %1 (%2)</translation>
    </message>
</context>
<context>
    <name>d500::studio::HistoryKind</name>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
</context>
<context>
    <name>d500::studio::HistoryTab</name>
    <message>
        <source>Series</source>
        <translation>Reihe</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>Maschine</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>Letzte Änderung</translation>
    </message>
    <message>
        <source>95% CI</source>
        <translation>95-%-KI</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>Between runs</source>
        <translation>Zwischen Läufen</translation>
    </message>
    <message>
        <source>Runs since</source>
        <translation>Läufe seitdem</translation>
    </message>
    <message>
        <source>Confirmed</source>
        <translation>Bestätigt</translation>
    </message>
    <message>
        <source>Order runs by:</source>
        <translation>Läufe ordnen nach:</translation>
    </message>
    <message>
        <source>Time, or any field of the runs&apos; environment (as d500 history --by)</source>
        <translation>Zeit oder ein beliebiges Feld der Umgebung der Läufe (wie d500 history --by)</translation>
    </message>
    <message>
        <source>Each host apart</source>
        <translation>Jeden Host getrennt</translation>
    </message>
    <message>
        <source>Keep each host&apos;s runs in series of their own (default: machines of one class, CPU model and count and GPU, share a series)</source>
        <translation>Die Läufe jedes Hosts in eigenen Reihen halten (Standard: Maschinen einer Klasse – CPU-Modell und -Anzahl und GPU – teilen eine Reihe)</translation>
    </message>
    <message>
        <source>The change points of the series shown; Enter or a double click shows one&apos;s details</source>
        <translation>Die Änderungspunkte der gezeigten Reihe; Eingabe oder Doppelklick zeigt Details</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>History of the benchmarks in %1</source>
        <translation>Verlauf der Benchmarks in %1</translation>
    </message>
    <message>
        <source>No operator or network runs in %1 yet: each benchmark&apos;s history starts with its first run.</source>
        <translation>Noch keine Operator- oder Netzwerkläufe in %1: der Verlauf eines Benchmarks beginnt mit seinem ersten Lauf.</translation>
    </message>
    <message numerus="yes">
        <source>%n series, %1 with a change point (E-divisive means over the runs&apos; samples, alpha 0.05); the largest latest change first.</source>
        <translation>
            <numerusform>%n Reihe, %1 mit einem Änderungspunkt (E-divisive Means über die Stichproben der Läufe, alpha 0,05); die größte jüngste Änderung zuerst.</numerusform>
            <numerusform>%n Reihen, %1 mit einem Änderungspunkt (E-divisive Means über die Stichproben der Läufe, alpha 0,05); die größte jüngste Änderung zuerst.</numerusform>
        </translation>
    </message>
    <message>
        <source>No series to show</source>
        <translation>Keine Reihe anzuzeigen</translation>
    </message>
    <message>
        <source>No change point</source>
        <translation>Kein Änderungspunkt</translation>
    </message>
    <message>
        <source>Too few runs to test</source>
        <translation>Zu wenige Läufe zum Testen</translation>
    </message>
    <message>
        <source>There is no series to export yet.</source>
        <translation>Es gibt noch keine Reihe zum Exportieren.</translation>
    </message>
    <message>
        <source>Runs without raw samples: not tested</source>
        <translation>Läufe ohne Rohstichproben: nicht getestet</translation>
    </message>
</context>
<context>
    <name>d500::studio::ImplementationsSection</name>
    <message>
        <source>Implementations</source>
        <translation>Implementierungen</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referenz (Baseline)</translation>
    </message>
    <message>
        <source>Pick an operator in the palette to see who implements it.</source>
        <translation>Wählen Sie in der Palette einen Operator, um zu sehen, wer ihn implementiert.</translation>
    </message>
    <message>
        <source>%1 (not offered by any loaded plugin)</source>
        <translation>%1 (von keinem geladenen Plugin angeboten)</translation>
    </message>
    <message>
        <source>(the first implementation)</source>
        <translation>(die erste Implementierung)</translation>
    </message>
    <message>
        <source>%1 (not measured)</source>
        <translation>%1 (nicht gemessen)</translation>
    </message>
</context>
<context>
    <name>d500::studio::JsonView</name>
    <message>
        <source>Not valid JSON yet: %1</source>
        <translation>Noch kein gültiges JSON: %1</translation>
    </message>
    <message>
        <source>An experiment is a JSON object ({ ... }).</source>
        <translation>Ein Experiment ist ein JSON-Objekt ({ ... }).</translation>
    </message>
</context>
<context>
    <name>d500::studio::KernelTablePanel</name>
    <message>
        <source>point</source>
        <translation>Punkt</translation>
    </message>
    <message>
        <source>implementation</source>
        <translation>Implementierung</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>reorders per call</source>
        <translation>Umordnungen je Aufruf</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>nicht unterstützt</translation>
    </message>
</context>
<context>
    <name>d500::studio::LatencyBoxPanel</name>
    <message>
        <source>p50 (median)</source>
        <translation>p50 (Median)</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <source>time per call (%1)</source>
        <translation>Zeit pro Aufruf (%1)</translation>
    </message>
    <message>
        <source>%1 (n = %2)</source>
        <translation>%1 (n = %2)</translation>
    </message>
    <message>
        <source>box: quartiles, %1</source>
        <translation>Box: Quartile, %1</translation>
    </message>
    <message>
        <source>%1 — not in this run</source>
        <translation>%1 — nicht in diesem Lauf</translation>
    </message>
    <message>
        <source>%1 (n = %2; tail: %3)</source>
        <translation>%1 (n = %2; Ausläufer: %3)</translation>
    </message>
    <message>
        <source>CPUs shared for the whole window</source>
        <translation>CPUs während des ganzen Fensters geteilt</translation>
    </message>
    <message>
        <source>%1: n %2
p50 %3 · p90 %4 · p99 %5
quartiles %6 – %7
%8</source>
        <translation>%1: n %2
p50 %3 · p90 %4 · p99 %5
Quartile %6 – %7
%8</translation>
    </message>
</context>
<context>
    <name>d500::studio::LauncherSection</name>
    <message>
        <source>Launcher</source>
        <translation>Starter</translation>
    </message>
    <message>
        <source>local</source>
        <translation>lokal</translation>
    </message>
    <message>
        <source>MPI (mpirun)</source>
        <translation>MPI (mpirun)</translation>
    </message>
    <message>
        <source>host name, e.g. node01 or node01:4</source>
        <translation>Hostname, z. B. node01 oder node01:4</translation>
    </message>
    <message>
        <source>Add host</source>
        <translation>Host hinzufügen</translation>
    </message>
    <message>
        <source>Remove host</source>
        <translation>Host entfernen</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ränge</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>Slurm (sbatch; cluster defaults in Settings)</source>
        <translation>Slurm (sbatch; Cluster-Vorgaben in den Einstellungen)</translation>
    </message>
</context>
<context>
    <name>d500::studio::ListView</name>
    <message>
        <source>= %1</source>
        <translation>= %1</translation>
    </message>
    <message>
        <source>%1, %2 cores</source>
        <translation>%1, %2 Kerne</translation>
    </message>
    <message>
        <source>, %1 ranks</source>
        <translation>, %1 Ränge</translation>
    </message>
    <message>
        <source>recipe %1</source>
        <translation>Rezept %1</translation>
    </message>
    <message>
        <source>95% CI [%1, %2]</source>
        <translation>95-%-KI [%1, %2]</translation>
    </message>
    <message>
        <source>seeds&apos; range [%1, %2]</source>
        <translation>Spanne der Seeds [%1, %2]</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>; %1 of %2 seeds converged</source>
        <translation>; %1 von %2 Seeds konvergiert</translation>
    </message>
    <message>
        <source>; olympic mean %1</source>
        <translation>; olympisches Mittel %1</translation>
    </message>
    <message>
        <source>apart</source>
        <translation>abseits</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>median time %1</source>
        <translation>Median-Zeit %1</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Implementation</source>
        <translation>Implementierung</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Interval, seeds, reason</source>
        <translation>Intervall, Seeds, Grund</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>No list: %1</source>
        <translation>Keine Liste: %1</translation>
    </message>
    <message>
        <source>%1 training lists (ranked by time-to-accuracy, lower first) and %2 workloads (ranked by throughput) from %3; ties within confidence intervals share a rank (= n).</source>
        <translation>%1 Trainingslisten (nach Zeit bis zur Zielgenauigkeit, kürzere zuerst) und %2 Workloads (nach Durchsatz) aus %3; Läufe, deren Konfidenzintervalle sich überlappen, teilen sich einen Rang (= n).</translation>
    </message>
    <message>
        <source>The store could not be read: %1</source>
        <translation>Der Speicher konnte nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::LoadBanner</name>
    <message>
        <source>Measured on a busy machine: other processes used %1 of %2 cores on average (at most %3).</source>
        <translation>Auf einer ausgelasteten Maschine gemessen: Andere Prozesse belegten im Mittel %1 von %2 Kernen (höchstens %3).</translation>
    </message>
    <message>
        <source>The hypervisor took %1% of the CPU time.</source>
        <translation>Der Hypervisor beanspruchte %1 % der CPU-Zeit.</translation>
    </message>
    <message>
        <source>Its timings may be inflated: compare them only with runs measured under the same conditions, or measure again on a quiet machine.</source>
        <translation>Die Zeiten können überhöht sein: Vergleichen Sie sie nur mit Läufen unter gleichen Bedingungen, oder messen Sie erneut auf einer ruhigen Maschine.</translation>
    </message>
</context>
<context>
    <name>d500::studio::MainWindow</name>
    <message>
        <source>Open ONNX model</source>
        <translation>ONNX-Modell öffnen</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation>ONNX-Modelle (*.onnx);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Run Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation>Plugins</translation>
    </message>
    <message>
        <source>The new language applies when d500 Studio is started again.</source>
        <translation>Die neue Sprache gilt nach dem nächsten Start von d500 Studio.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>Projekt öffnen</translation>
    </message>
    <message>
        <source>d500 projects (*.d500proj)</source>
        <translation>d500-Projekte (*.d500proj)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Save project as</source>
        <translation>Projekt speichern unter</translation>
    </message>
    <message>
        <source>untitled.d500proj</source>
        <translation>unbenannt.d500proj</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Save the changes to the project and its experiments?</source>
        <translation>Änderungen am Projekt und seinen Experimenten speichern?</translation>
    </message>
    <message>
        <source>Runs in progress</source>
        <translation>Laufende Läufe</translation>
    </message>
    <message>
        <source>Runs are still in progress. Cancel them and quit? (What they measured so far is kept.)</source>
        <translation>Es laufen noch Läufe. Abbrechen und beenden? (Bisher Gemessenes bleibt erhalten.)</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>unbenannt</translation>
    </message>
    <message>
        <source>%1[*] — d500 Studio</source>
        <translation>%1[*] — d500 Studio</translation>
    </message>
    <message>
        <source>No runs in progress</source>
        <translation>Keine laufenden Läufe</translation>
    </message>
    <message>
        <source>Runs: %1 running, %2 queued</source>
        <translation>Läufe: %1 laufend, %2 wartend</translation>
    </message>
    <message numerus="yes">
        <source>Store: %1 (runs: %n)</source>
        <translation>
            <numerusform>Speicher: %1 (%n Lauf)</numerusform>
            <numerusform>Speicher: %1 (%n Läufe)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Store: %1, this session only (runs: %n)</source>
        <translation>
            <numerusform>Speicher: %1, nur für diese Sitzung (%n Lauf)</numerusform>
            <numerusform>Speicher: %1, nur für diese Sitzung (%n Läufe)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
Given with --store for this session; the project file keeps its own store.</source>
        <translation>%1
Mit --store für diese Sitzung angegeben; die Projektdatei behält ihren eigenen Speicher.</translation>
    </message>
    <message>
        <source> · %1: %2</source>
        <translation> · %1: %2</translation>
    </message>
    <message>
        <source>Open result store</source>
        <translation>Ergebnisspeicher öffnen</translation>
    </message>
    <message>
        <source>Result stores (*.d500db);;All files (*)</source>
        <translation>Ergebnisspeicher (*.d500db);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Confirm the change #%1 → #%2</source>
        <translation>Änderung #%1 → #%2 bestätigen</translation>
    </message>
    <message>
        <source>Queued: both runs again in 5 randomized blocks; the verdict appears in the History view when they are done</source>
        <translation>Eingereiht: beide Läufe erneut in 5 randomisierten Blöcken; das Urteil erscheint im Verlauf, wenn sie fertig sind</translation>
    </message>
</context>
<context>
    <name>d500::studio::MeasurementDashboard</name>
    <message>
        <source>The store has no run %1 (yet).</source>
        <translation>Der Speicher enthält (noch) keinen Lauf %1.</translation>
    </message>
    <message>
        <source>Reading the store failed: %1</source>
        <translation>Lesen des Speichers fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Reading the run&apos;s results failed: %1</source>
        <translation>Lesen der Ergebnisse des Laufs fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>%1 measurements · run %2 %3</source>
        <translation>%1 Messungen · Lauf %2 %3</translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkDashboard</name>
    <message>
        <source>median %1, n %2</source>
        <translation>Median %1, n %2</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>Inference latency, batch 1</source>
        <translation>Inferenzlatenz, Batch 1</translation>
    </message>
    <message>
        <source>Throughput (inference)</source>
        <translation>Durchsatz (Inferenz)</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>Samples/s</translation>
    </message>
    <message>
        <source>Forward + backward</source>
        <translation>Vorwärts + rückwärts</translation>
    </message>
    <message>
        <source>time per batch</source>
        <translation>Zeit pro Batch</translation>
    </message>
    <message>
        <source>First call vs steady state (inference)</source>
        <translation>Erster Aufruf vs. eingeschwungener Zustand (Inferenz)</translation>
    </message>
    <message>
        <source>Peak memory (RSS growth)</source>
        <translation>Arbeitsspeicher-Spitze (RSS-Zuwachs)</translation>
    </message>
    <message>
        <source>peak RSS Δ</source>
        <translation>RSS-Spitze Δ</translation>
    </message>
    <message>
        <source>, inference</source>
        <translation>, Inferenz</translation>
    </message>
    <message>
        <source>, forward+backward</source>
        <translation>, vorwärts+rückwärts</translation>
    </message>
    <message>
        <source>Micro-batching: time per step</source>
        <translation>Micro-Batching: Zeit pro Schritt</translation>
    </message>
    <message>
        <source>time per step</source>
        <translation>Zeit pro Schritt</translation>
    </message>
    <message>
        <source>Micro-batching: peak memory</source>
        <translation>Micro-Batching: Arbeitsspeicher-Spitze</translation>
    </message>
    <message>
        <source>Micro-batching: gradient error</source>
        <translation>Micro-Batching: Gradientenfehler</translation>
    </message>
    <message>
        <source>max relative gradient error</source>
        <translation>größter relativer Gradientenfehler</translation>
    </message>
    <message>
        <source>Per node</source>
        <translation>Je Knoten</translation>
    </message>
    <message>
        <source>&lt;b&gt;Executors:&lt;/b&gt; %1 · %2 measurements · error bars: 95% CI of the median (dashed: stopped at a cap before the CI target)</source>
        <translation>&lt;b&gt;Ausführer:&lt;/b&gt; %1 · %2 Messungen · Fehlerbalken: 95-%-KI des Medians (gestrichelt: vor dem KI-Ziel an einer Grenze angehalten)</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>batch size</source>
        <translation>Batchgröße</translation>
    </message>
    <message>
        <source>k (micro-batches per minibatch)</source>
        <translation>k (Micro-Batches pro Minibatch)</translation>
    </message>
    <message>
        <source>: steady state (median)</source>
        <translation>: eingeschwungener Zustand (Median)</translation>
    </message>
    <message>
        <source>first call of a fresh executor: %1</source>
        <translation>erster Aufruf eines neuen Ausführers: %1</translation>
    </message>
    <message>
        <source>: first call</source>
        <translation>: erster Aufruf</translation>
    </message>
    <message>
        <source>k = %1: %2 (tolerance %3, %4)</source>
        <translation>k = %1: %2 (Toleranz %3, %4)</translation>
    </message>
    <message>
        <source>equal</source>
        <translation>gleich</translation>
    </message>
    <message>
        <source>DIFFERENT</source>
        <translation>VERSCHIEDEN</translation>
    </message>
    <message>
        <source>(k beyond the tolerance %1: %2 of them)</source>
        <translation>(k außerhalb der Toleranz %1: %2 davon)</translation>
    </message>
    <message>
        <source>(every k within the tolerance %1)</source>
        <translation>(jedes k innerhalb der Toleranz %1)</translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkEditor</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Click a node to edit it, or double-click an operator in the palette to add one.</source>
        <translation>Klicken Sie auf einen Knoten, um ihn zu bearbeiten, oder doppelklicken Sie in der Palette auf einen Operator, um ihn hinzuzufügen.</translation>
    </message>
    <message>
        <source>builder %1</source>
        <translation>Builder %1</translation>
    </message>
    <message>
        <source>Open a model first.</source>
        <translation>Öffnen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <source>%1 has no attribute “%2”</source>
        <translation>%1 hat kein Attribut „%2“</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>%1 löschen</translation>
    </message>
    <message>
        <source>Replace %1 by %2</source>
        <translation>%1 durch %2 ersetzen</translation>
    </message>
    <message>
        <source>No node named “%1”</source>
        <translation>Kein Knoten namens „%1“</translation>
    </message>
    <message>
        <source>Unset %1 of %2</source>
        <translation>%1 von %2 zurücksetzen</translation>
    </message>
    <message>
        <source>Set %1 of %2</source>
        <translation>%1 von %2 setzen</translation>
    </message>
    <message>
        <source>Connect %1 to %2</source>
        <translation>%1 mit %2 verbinden</translation>
    </message>
    <message>
        <source>Widen %1 to %2</source>
        <translation>%1 auf %2 verbreitern</translation>
    </message>
    <message>
        <source>This model has no file yet: use Save As.</source>
        <translation>Dieses Modell hat noch keine Datei: Verwenden Sie „Speichern unter“.</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Saved %1 (passes the ONNX checker)</source>
        <translation>%1 gespeichert (besteht den ONNX-Checker)</translation>
    </message>
    <message>
        <source>Network editor</source>
        <translation>Netz-Editor</translation>
    </message>
    <message>
        <source>Network editor · %1%2</source>
        <translation>Netz-Editor · %1%2</translation>
    </message>
    <message>
        <source>problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2): %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Double-click to select the node</source>
        <translation>Doppelklicken, um den Knoten auszuwählen</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modell: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#1b5e20&apos;&gt;✔ Valid&lt;/span&gt;: %1, passes the ONNX checker; shapes from ONNX shape inference label the edges.</source>
        <translation>&lt;span style=&apos;color:#1b5e20&apos;&gt;✔ Gültig&lt;/span&gt;: %1, besteht den ONNX-Checker; die Kanten tragen die Shapes aus der ONNX-Shape-Inferenz.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;✖ %n problem(s)&lt;/span&gt;: fix them to save (the model is kept as it is meanwhile).</source>
        <translation>
            <numerusform>&lt;span style=&apos;color:#b00020&apos;&gt;✖ %n Problem&lt;/span&gt;: Beheben Sie es, um zu speichern (bis dahin bleibt das Modell, wie es ist).</numerusform>
            <numerusform>&lt;span style=&apos;color:#b00020&apos;&gt;✖ %n Probleme&lt;/span&gt;: Beheben Sie sie, um zu speichern (bis dahin bleibt das Modell, wie es ist).</numerusform>
        </translation>
    </message>
    <message>
        <source>Gelu</source>
        <translation>Gelu</translation>
    </message>
    <message>
        <source>%1 (%2): part of a Gelu, x·0.5·(1 + Erf(x/√2)), as PyTorch exports it for opset 17</source>
        <translation>%1 (%2): Teil eines Gelu, x·0.5·(1 + Erf(x/√2)), wie PyTorch ihn für Opset 17 exportiert</translation>
    </message>
    <message>
        <source>Open an ONNX model, start from a builder (File menu), or double-click an operator in the palette to start an empty network.</source>
        <translation>Öffnen Sie ein ONNX-Modell, beginnen Sie mit einem Builder (Menü Datei) oder doppelklicken Sie auf einen Operator der Palette, um ein leeres Netzwerk zu beginnen.</translation>
    </message>
    <message>
        <source>The network is empty: add an operator before saving.</source>
        <translation>Das Netzwerk ist leer: Fügen Sie vor dem Speichern einen Operator hinzu.</translation>
    </message>
    <message>
        <source>Make the unread tensors outputs</source>
        <translation>Ungelesene Tensoren zu Ausgaben machen</translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkEditorWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New from Builder</source>
        <translation>&amp;Neu aus Builder</translation>
    </message>
    <message>
        <source>&amp;MLP (784-256-10)</source>
        <translation>&amp;MLP (784-256-10)</translation>
    </message>
    <message>
        <source>&amp;LeNet-5</source>
        <translation>&amp;LeNet-5</translation>
    </message>
    <message>
        <source>&amp;ResNet (small)</source>
        <translation>&amp;ResNet (klein)</translation>
    </message>
    <message>
        <source>&amp;Open ONNX Model…</source>
        <translation>ONNX-Modell ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Use in Network Experiment</source>
        <translation>In Netz-Experiment &amp;verwenden</translation>
    </message>
    <message>
        <source>Save the model and add a network benchmark of it to the project</source>
        <translation>Das Modell speichern und einen Netz-Benchmark davon zum Projekt hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>S&amp;chließen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Z</source>
        <translation>Ctrl+Shift+Z</translation>
    </message>
    <message>
        <source>Ctrl+Y</source>
        <translation>Ctrl+Y</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Fit the Graph</source>
        <translation>Graph &amp;einpassen</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>Start from a network the d500 model builders write</source>
        <translation>Mit einem Netz beginnen, das die Modell-Builder von d500 schreiben</translation>
    </message>
    <message>
        <source>Open ONNX model</source>
        <translation>ONNX-Modell öffnen</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation>ONNX-Modelle (*.onnx);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save ONNX model</source>
        <translation>ONNX-Modell speichern</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx)</source>
        <translation>ONNX-Modelle (*.onnx)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message>
        <source>Unsaved model</source>
        <translation>Ungespeichertes Modell</translation>
    </message>
    <message>
        <source>The model has unsaved edits. Save them?</source>
        <translation>Das Modell hat ungespeicherte Änderungen. Speichern?</translation>
    </message>
    <message>
        <source>&amp;Empty Network (input only)</source>
        <translation>&amp;Leeres Netzwerk (nur Eingabe)</translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkExperiment</name>
    <message>
        <source>The network editor&apos;s model %1 on the reference executor</source>
        <translation>Das Modell %1 des Netz-Editors auf dem Referenz-Ausführer</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkPalette</name>
    <message>
        <source>Filter, e.g. Conv</source>
        <translation>Filter, z. B. Conv</translation>
    </message>
    <message>
        <source>Operators the loaded plugins implement. Double-click one to add it.</source>
        <translation>Operatoren, die die geladenen Plugins implementieren. Doppelklicken Sie auf einen, um ihn hinzuzufügen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Operators&lt;/b&gt; of the loaded plugins</source>
        <translation>&lt;b&gt;Operatoren&lt;/b&gt; der Plugins</translation>
    </message>
    <message>
        <source>Asking the runner which plugins it has…</source>
        <translation>Der Runner wird nach seinen Plugins gefragt…</translation>
    </message>
    <message>
        <source>Plugins unavailable: %1</source>
        <translation>Plugins nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Implemented by %1</source>
        <translation>Implementiert von %1</translation>
    </message>
    <message>
        <source>Implemented by %1, but libonnx has no %2 at opset %3: the checker would refuse it</source>
        <translation>Implementiert von %1, aber libonnx kennt %2 in Opset %3 nicht: Der Checker würde ihn ablehnen</translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkSection</name>
    <message>
        <source>Network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Executors</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <source>e.g. 1, 16, 64</source>
        <translation>z. B. 1, 16, 64</translation>
    </message>
    <message>
        <source>Batch sizes</source>
        <translation>Batchgrößen</translation>
    </message>
    <message>
        <source>Latency at batch 1</source>
        <translation>Latenz bei Batch 1</translation>
    </message>
    <message>
        <source>Throughput per batch size</source>
        <translation>Durchsatz je Batchgröße</translation>
    </message>
    <message>
        <source>Forward + backward</source>
        <translation>Vorwärts + rückwärts</translation>
    </message>
    <message>
        <source>Per-node times</source>
        <translation>Zeiten je Knoten</translation>
    </message>
    <message>
        <source>%1 (no loaded plugin offers it)</source>
        <translation>%1 (kein geladenes Plugin bietet es an)</translation>
    </message>
</context>
<context>
    <name>d500::studio::NodeForm</name>
    <message>
        <source>input %1</source>
        <translation>Eingabe %1</translation>
    </message>
    <message>
        <source> (optional)</source>
        <translation> (optional)</translation>
    </message>
    <message>
        <source>Click a node to edit it, or double-click an operator in the palette to add one.</source>
        <translation>Klicken Sie auf einen Knoten, um ihn zu bearbeiten, oder doppelklicken Sie in der Palette auf einen Operator, um ihn hinzuzufügen.</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>Nichts ausgewählt</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>(not connected)</source>
        <translation>(nicht verbunden)</translation>
    </message>
    <message>
        <source>The tensor this input reads</source>
        <translation>Der Tensor, den diese Eingabe liest</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <source>libonnx has no schema for this operator: its attributes are not known.</source>
        <translation>libonnx hat kein Schema für diesen Operator: Seine Attribute sind nicht bekannt.</translation>
    </message>
    <message>
        <source>This operator has no attributes.</source>
        <translation>Dieser Operator hat keine Attribute.</translation>
    </message>
    <message>
        <source>required</source>
        <translation>erforderlich</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>default %1</source>
        <translation>Standard %1</translation>
    </message>
    <message>
        <source>Replace the op</source>
        <translation>Operator ersetzen</translation>
    </message>
    <message>
        <source>another op, e.g. Sigmoid</source>
        <translation>Operator, z. B. Sigmoid</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <source>Keeps the inputs, outputs and the attributes the new op has</source>
        <translation>Behält die Eingaben, die Ausgaben und die Attribute, die auch der neue Operator hat</translation>
    </message>
    <message>
        <source>Delete node</source>
        <translation>Knoten löschen</translation>
    </message>
    <message>
        <source>Nodes reading its output read its first input instead (Delete)</source>
        <translation>Knoten, die seine Ausgabe lesen, lesen stattdessen seine erste Eingabe (Entf)</translation>
    </message>
    <message>
        <source>Widen</source>
        <translation>Verbreitern</translation>
    </message>
    <message>
        <source>%1 → </source>
        <translation>%1 → </translation>
    </message>
    <message>
        <source> outputs</source>
        <translation> Ausgaben</translation>
    </message>
    <message>
        <source>More output channels: new weights drawn at random, the next layer&apos;s grown by zeros, so the network computes what it did</source>
        <translation>Mehr Ausgabekanäle: Die neuen Gewichte werden zufällig gezogen, die der nächsten Schicht mit Nullen aufgefüllt, sodass das Netz weiterhin dasselbe berechnet</translation>
    </message>
    <message>
        <source>writes %1</source>
        <translation>schreibt %1</translation>
    </message>
    <message>
        <source>Problem: %1</source>
        <translation>Problem: %1</translation>
    </message>
    <message>
        <source>New %1 node</source>
        <translation>Neuer %1-Knoten</translation>
    </message>
    <message>
        <source>ONNX %1, since opset %2</source>
        <translation>ONNX %1, seit Opset %2</translation>
    </message>
    <message>
        <source>not in libonnx&apos;s schemas: inputs and attributes are not checked</source>
        <translation>nicht in den Schemas von libonnx: Eingaben und Attribute werden nicht geprüft</translation>
    </message>
    <message>
        <source>Add node</source>
        <translation>Knoten hinzufügen</translation>
    </message>
</context>
<context>
    <name>d500::studio::NodeItem</name>
    <message>
        <source>Constant inputs: %1</source>
        <translation>Konstante Eingaben: %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::NodeTablePanel</name>
    <message>
        <source>show:</source>
        <translation>zeigen:</translation>
    </message>
    <message>
        <source>executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <source>pass group</source>
        <translation>Durchlaufgruppe</translation>
    </message>
    <message>
        <source>node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>op</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>Durchlauf</translation>
    </message>
    <message>
        <source>time share</source>
        <translation>Zeitanteil</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>95% CI</source>
        <translation>95-%-KI</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>Validierung</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>FEHLER</translation>
    </message>
    <message>
        <source>all node passes</source>
        <translation>alle Knotendurchläufe</translation>
    </message>
    <message>
        <source>%1 (%2 in all)</source>
        <translation>%1 (%2 insgesamt)</translation>
    </message>
    <message>
        <source>n too small</source>
        <translation>n zu klein</translation>
    </message>
</context>
<context>
    <name>d500::studio::NoticeBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Hide these messages (Esc)</source>
        <translation>Diese Meldungen ausblenden (Esc)</translation>
    </message>
    <message>
        <source>Show the newest</source>
        <translation>Nur die neueste zeigen</translation>
    </message>
    <message>
        <source>Show all (%1)</source>
        <translation>Alle zeigen (%1)</translation>
    </message>
</context>
<context>
    <name>d500::studio::NumberValidator</name>
    <message>
        <source>an integer in [%1, %2]</source>
        <translation>eine ganze Zahl in [%1, %2]</translation>
    </message>
    <message>
        <source>a number in [%1, %2]</source>
        <translation>eine Zahl in [%1, %2]</translation>
    </message>
</context>
<context>
    <name>d500::studio::OperatorDashboard</name>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>&lt;b&gt;Implementations:&lt;/b&gt; %1 · %2 sweep points</source>
        <translation>&lt;b&gt;Implementierungen:&lt;/b&gt; %1 · %2 Sweep-Punkte</translation>
    </message>
    <message>
        <source> · &lt;b style=&quot;color:#c62828&quot;&gt;failed measurements: %1&lt;/b&gt;</source>
        <translation> · &lt;b style=&quot;color:#c62828&quot;&gt;fehlgeschlagene Messungen: %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · validation: &lt;b style=&quot;color:#2e7d32&quot;&gt;all %1 checks passed&lt;/b&gt;</source>
        <translation> · Validierung: &lt;b style=&quot;color:#2e7d32&quot;&gt;alle %1 Prüfungen bestanden&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · validation: &lt;b style=&quot;color:#c62828&quot;&gt;%1 of %2 checks failed&lt;/b&gt;</source>
        <translation> · Validierung: &lt;b style=&quot;color:#c62828&quot;&gt;%1 von %2 Prüfungen fehlgeschlagen&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Kernel per point (as the implementation reports it)</source>
        <translation>Kernel je Punkt (wie die Implementierung ihn meldet)</translation>
    </message>
    <message>
        <source> · unsupported by their implementation: %1</source>
        <translation> · von ihrer Implementierung nicht unterstützt: %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::OperatorPalette</name>
    <message>
        <source>Filter, e.g. Conv</source>
        <translation>Filter, z. B. Conv</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Komponente</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Operators (L0)</source>
        <translation>Operatoren (L0)</translation>
    </message>
    <message>
        <source>Plugins unavailable</source>
        <translation>Plugins nicht verfügbar</translation>
    </message>
    <message>
        <source>Asking the runner which plugins it has...</source>
        <translation>Der Runner wird nach seinen Plugins gefragt...</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>Rückwärts</translation>
    </message>
    <message>
        <source>%1 %2 from %3</source>
        <translation>%1 %2 aus %3</translation>
    </message>
    <message numerus="yes">
        <source>implementations: %n</source>
        <translation>
            <numerusform>%n Implementierung</numerusform>
            <numerusform>%n Implementierungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Networks (L1)</source>
        <translation>Netze (L1)</translation>
    </message>
    <message>
        <source>Executors</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Training (L2)</source>
        <translation>Training (L2)</translation>
    </message>
    <message>
        <source>Datasets</source>
        <translation>Datensätze</translation>
    </message>
    <message>
        <source>Samplers</source>
        <translation>Sampler</translation>
    </message>
    <message>
        <source>Optimizers</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>Distributed (L3)</source>
        <translation>Verteilt (L3)</translation>
    </message>
    <message>
        <source>Distributed optimizers</source>
        <translation>Verteilte Optimierer</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>Kollektive</translation>
    </message>
    <message>
        <source>Double-click to use it in the experiment</source>
        <translation>Doppelklick verwendet es im Experiment</translation>
    </message>
    <message>
        <source>built in</source>
        <translation>eingebaut</translation>
    </message>
    <message>
        <source>Double-click an operator to benchmark it (with the implementations chosen that offer it, else every one that runs here), one implementation to add it, or a component to use it (the level changes when needed).</source>
        <translation>Doppelklicken Sie auf einen Operator, um ihn zu messen (mit den gewählten Implementierungen, die ihn anbieten, sonst mit jeder, die hier läuft), auf eine Implementierung, um sie hinzuzufügen, oder auf eine Komponente, um sie zu verwenden (die Ebene wechselt bei Bedarf).</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Metriken</translation>
    </message>
    <message>
        <source>plugin %1</source>
        <translation>Plugin %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::OperatorSection</name>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>ONNX op type, or pick one in the palette</source>
        <translation>ONNX-Operatortyp, oder einen in der Palette wählen</translation>
    </message>
    <message>
        <source>ai.onnx</source>
        <translation>ai.onnx</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>Operatortyp</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domäne</translation>
    </message>
    <message>
        <source>Element type</source>
        <translation>Elementtyp</translation>
    </message>
    <message>
        <source>Inputs (dimensions: integers or sweep variables, e.g. &quot;N, C, 64, 64&quot;)</source>
        <translation>Eingaben (Dimensionen: ganze Zahlen oder Sweep-Variablen, z. B. „N, C, 64, 64“)</translation>
    </message>
    <message>
        <source>Add input</source>
        <translation>Eingabe hinzufügen</translation>
    </message>
    <message>
        <source>Attributes (a value may name a sweep variable as &quot;$name&quot;)</source>
        <translation>Attribute (ein Wert kann eine Sweep-Variable als „$name“ nennen)</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>value: 1, 1.0, [1, 1], $var, text</source>
        <translation>Wert: 1, 1.0, [1, 1], $var, Text</translation>
    </message>
    <message>
        <source>Add attribute</source>
        <translation>Attribut hinzufügen</translation>
    </message>
    <message>
        <source>scalar (no dimensions)</source>
        <translation>Skalar (keine Dimensionen)</translation>
    </message>
    <message>
        <source>Remove input %1</source>
        <translation>Eingabe %1 entfernen</translation>
    </message>
    <message>
        <source>Input %1</source>
        <translation>Eingabe %1</translation>
    </message>
    <message>
        <source>Remove attribute %1</source>
        <translation>Attribut %1 entfernen</translation>
    </message>
    <message>
        <source>Choose the operator first: its inputs depend on it.</source>
        <translation>Wählen Sie zuerst den Operator: Seine Eingaben hängen von ihm ab.</translation>
    </message>
    <message>
        <source>%1 takes no more inputs.</source>
        <translation>%1 nimmt keine weiteren Eingaben.</translation>
    </message>
    <message>
        <source>Adds the input %1 takes next, with the shape %2.</source>
        <translation>Fügt die Eingabe hinzu, die %1 als Nächstes nimmt, mit der Form %2.</translation>
    </message>
</context>
<context>
    <name>d500::studio::OverlayLegend</name>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
</context>
<context>
    <name>d500::studio::PluginListModel</name>
    <message>
        <source>(runner not available)</source>
        <translation>(Runner nicht verfügbar)</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>geladen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Library: %1</source>
        <translation>Bibliothek: %1</translation>
    </message>
    <message>
        <source>Wraps: %1</source>
        <translation>Kapselt: %1</translation>
    </message>
    <message>
        <source>Load error: %1</source>
        <translation>Ladefehler: %1</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>Plugin</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>ABI</source>
        <translation>ABI</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Capabilities or error</source>
        <translation>Fähigkeiten oder Fehler</translation>
    </message>
    <message>
        <source>loaded, no device</source>
        <translation>geladen, kein Gerät</translation>
    </message>
    <message>
        <source>Its operators need a device this machine lacks: %1</source>
        <translation>Seine Operatoren brauchen ein Gerät, das dieser Maschine fehlt: %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::PluginQuery</name>
    <message>
        <source>Cannot start the runner %1: %2</source>
        <translation>Der Runner %1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>The runner (d500) was not found beside the studio nor on PATH; set D500_RUNNER to its path.</source>
        <translation>Der Runner (d500) wurde weder neben dem Studio noch im PATH gefunden; setzen Sie D500_RUNNER auf seinen Pfad.</translation>
    </message>
    <message>
        <source>The runner crashed (signal %1) while listing plugins</source>
        <translation>Der Runner ist beim Auflisten der Plugins abgestürzt (Signal %1)</translation>
    </message>
</context>
<context>
    <name>d500::studio::PluginsDock</name>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Ask the runner again, e.g. after building or installing a plugin</source>
        <translation>Den Runner erneut fragen, z. B. nach dem Bauen oder Installieren eines Plugins</translation>
    </message>
    <message>
        <source>Search path: %1</source>
        <translation>Suchpfad: %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::ProjectController</name>
    <message>
        <source>untitled</source>
        <translation>unbenannt</translation>
    </message>
    <message>
        <source>The experiment file %1 does not exist; it is listed but cannot be opened.</source>
        <translation>Die Experimentdatei %1 existiert nicht; sie ist aufgeführt, kann aber nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>The project has not been saved yet; choose where with Save As.</source>
        <translation>Das Projekt wurde noch nicht gespeichert; wählen Sie den Ort mit „Speichern unter“.</translation>
    </message>
    <message>
        <source>No experiment %1 in the project</source>
        <translation>Kein Experiment %1 im Projekt</translation>
    </message>
    <message>
        <source>Cannot create a temporary folder for the experiment: %1</source>
        <translation>Für das Experiment kann kein temporärer Ordner angelegt werden: %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>d500::studio::ProjectTreeModel</name>
    <message>
        <source>Embedded in the project</source>
        <translation>Im Projekt eingebettet</translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation>%1 (fehlt)</translation>
    </message>
    <message>
        <source>Other runs</source>
        <translation>Andere Läufe</translation>
    </message>
    <message>
        <source>Runs in the store that belong to none of the project&apos;s experiments</source>
        <translation>Läufe im Speicher, die zu keinem Experiment des Projekts gehören</translation>
    </message>
    <message>
        <source>Experiment / run</source>
        <translation>Experiment / Lauf</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message numerus="yes">
        <source>runs: %n</source>
        <translation>
            <numerusform>%n Lauf</numerusform>
            <numerusform>%n Läufe</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>d500::studio::PropertiesDock</name>
    <message>
        <source>Property</source>
        <translation>Eigenschaft</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>Exit-Code</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Angelegt</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Launcher</source>
        <translation>Starter</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Experiment file</source>
        <translation>Experimentdatei</translation>
    </message>
    <message>
        <source>Experiment hash</source>
        <translation>Experiment-Hash</translation>
    </message>
    <message>
        <source>Re-run of</source>
        <translation>Wiederholung von</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>(embedded in the project)</source>
        <translation>(im Projekt eingebettet)</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Implementations</source>
        <translation>Implementierungen</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>Plugin</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>ABI</source>
        <translation>ABI</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Load error</source>
        <translation>Ladefehler</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Bibliothek</translation>
    </message>
    <message>
        <source>Wraps</source>
        <translation>Kapselt</translation>
    </message>
    <message>
        <source>Capabilities</source>
        <translation>Fähigkeiten</translation>
    </message>
</context>
<context>
    <name>d500::studio::RecentProjects</name>
    <message>
        <source>Clear list</source>
        <translation>Liste leeren</translation>
    </message>
</context>
<context>
    <name>d500::studio::RepetitionSection</name>
    <message>
        <source>Repetition</source>
        <translation>Wiederholung</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>publication (1% at 99%)</source>
        <translation>Publikation (1 % bei 99 %)</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Warm-up calls</source>
        <translation>Aufwärmaufrufe</translation>
    </message>
    <message>
        <source>Warm-up seconds</source>
        <translation>Aufwärmsekunden</translation>
    </message>
    <message>
        <source>Target relative CI</source>
        <translation>Ziel: relatives KI</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Minimum samples</source>
        <translation>Mindestanzahl Messwerte</translation>
    </message>
    <message>
        <source>Maximum samples</source>
        <translation>Höchstanzahl Messwerte</translation>
    </message>
    <message>
        <source>Maximum seconds</source>
        <translation>Höchstdauer in Sekunden</translation>
    </message>
    <message>
        <source>Sample every implementation over the same period</source>
        <translation>Alle Implementierungen über denselben Zeitraum messen</translation>
    </message>
    <message>
        <source>An implementation that has converged keeps sampling, interleaved with the others, until every one has stopped: all of them see the same stretch of the machine&apos;s time. Publication mode does this too.</source>
        <translation>Eine Implementierung, deren Messung konvergiert ist, misst weiter, verschränkt mit den anderen, bis alle aufgehört haben: alle sehen denselben Abschnitt der Maschinenzeit. Der Publikationsmodus tut das ebenso.</translation>
    </message>
</context>
<context>
    <name>d500::studio::ReportWriter</name>
    <message>
        <source>Could not write the report %1: %2.</source>
        <translation>Der Bericht %1 konnte nicht geschrieben werden: %2.</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunDashboard</name>
    <message>
        <source>rank %1</source>
        <translation>Rang %1</translation>
    </message>
    <message>
        <source>seed %1</source>
        <translation>Seed %1</translation>
    </message>
    <message>
        <source>x axis:</source>
        <translation>x-Achse:</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <source>wall time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>  loss smoothing (EMA):</source>
        <translation>  Verlustglättung (EMA):</translation>
    </message>
    <message>
        <source>Weight of the exponential moving average drawn over the raw loss</source>
        <translation>Gewicht des exponentiell gleitenden Mittels, das über den rohen Verlust gezeichnet wird</translation>
    </message>
    <message>
        <source>  ranks:</source>
        <translation>  Ränge:</translation>
    </message>
    <message>
        <source>all ranks overlaid</source>
        <translation>alle Ränge überlagert</translation>
    </message>
    <message>
        <source>  seeds:</source>
        <translation>  Seeds:</translation>
    </message>
    <message>
        <source>overlaid</source>
        <translation>überlagert</translation>
    </message>
    <message>
        <source>median with CI band</source>
        <translation>Median mit KI-Band</translation>
    </message>
    <message>
        <source>Each seed as its own line, or per step the median across the seeds with the order-statistic confidence band of that median</source>
        <translation>Jeder Seed als eigene Linie, oder je Schritt der Median über die Seeds mit dem Konfidenzband dieses Medians aus den Ordnungsstatistiken</translation>
    </message>
    <message>
        <source>Seeds</source>
        <translation>Seeds</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ranks&lt;/b&gt;</source>
        <translation>&lt;b&gt;Ränge&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Seeds&lt;/b&gt;</source>
        <translation>&lt;b&gt;Seeds&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The store has no run %1 (yet).</source>
        <translation>Der Speicher enthält (noch) keinen Lauf %1.</translation>
    </message>
    <message>
        <source>Reading the store failed: %1</source>
        <translation>Lesen des Speichers fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>median of seeds %1</source>
        <translation>Median der Seeds %1</translation>
    </message>
    <message>
        <source>Reading the run&apos;s results failed: %1</source>
        <translation>Lesen der Ergebnisse des Laufs fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>%1 values</source>
        <translation>%1 Werte</translation>
    </message>
    <message>
        <source>run %1 %2</source>
        <translation>Lauf %1 %2</translation>
    </message>
    <message>
        <source>epoch axis: steps placed within their epoch, from where each epoch ended</source>
        <translation>Epochenachse: die Schritte innerhalb ihrer Epoche verteilt, ausgehend vom Ende jeder Epoche</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunJob</name>
    <message>
        <source>queued</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>cancelling</source>
        <translation>wird abgebrochen</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>abgestürzt</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>The runner did not stop within %1 s; killing it.</source>
        <translation>Der Runner hat nicht innerhalb von %1 s angehalten; er wird beendet (kill).</translation>
    </message>
    <message>
        <source>cancelled before it started</source>
        <translation>vor dem Start abgebrochen</translation>
    </message>
    <message>
        <source>Cancelling: asking the runner to stop (SIGTERM)...</source>
        <translation>Abbruch: Der Runner wird gebeten anzuhalten (SIGTERM)...</translation>
    </message>
    <message>
        <source>Run #%1 started (%2)</source>
        <translation>Lauf #%1 gestartet (%2)</translation>
    </message>
    <message>
        <source>Run finished: %1%2</source>
        <translation>Lauf beendet: %1%2</translation>
    </message>
    <message>
        <source>Cannot start %1: %2</source>
        <translation>%1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>killed after the grace period</source>
        <translation>nach der Schonfrist beendet (kill)</translation>
    </message>
    <message>
        <source>stopped by signal %1</source>
        <translation>durch Signal %1 angehalten</translation>
    </message>
    <message>
        <source>crashed (signal %1)</source>
        <translation>abgestürzt (Signal %1)</translation>
    </message>
    <message>
        <source>The runner crashed with signal %1; what it committed to the store is kept.</source>
        <translation>Der Runner ist mit Signal %1 abgestürzt; was er in den Speicher geschrieben hat, bleibt erhalten.</translation>
    </message>
    <message>
        <source>The runner exited with code %1.</source>
        <translation>Der Runner wurde mit Code %1 beendet.</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
    <message>
        <source>starting the runner</source>
        <translation>Runner wird gestartet</translation>
    </message>
    <message>
        <source>run #%1: preparing</source>
        <translation>Lauf #%1: wird vorbereitet</translation>
    </message>
    <message>
        <source>run #%1: %2/%3</source>
        <translation>Lauf #%1: %2/%3</translation>
    </message>
    <message>
        <source>Cancelling: scancel asks Slurm to stop the job...</source>
        <translation>Abbruch: scancel bittet Slurm, den Job anzuhalten...</translation>
    </message>
    <message>
        <source>submitting to Slurm</source>
        <translation>wird bei Slurm eingereicht</translation>
    </message>
    <message>
        <source>Slurm job %1: %2</source>
        <translation>Slurm-Job %1: %2</translation>
    </message>
    <message>
        <source>submitted</source>
        <translation>eingereicht</translation>
    </message>
    <message>
        <source>Cannot create the job folder %1</source>
        <translation>Der Job-Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Cannot submit to Slurm</source>
        <translation>Einreichen bei Slurm nicht möglich</translation>
    </message>
    <message>
        <source>the job was not submitted (d500 job --submit exited with %1; see the log)</source>
        <translation>der Job wurde nicht eingereicht (d500 job --submit endete mit %1; siehe Protokoll)</translation>
    </message>
    <message>
        <source>Submitted Slurm job %1; its output: %2</source>
        <translation>Slurm-Job %1 eingereicht; seine Ausgabe: %2</translation>
    </message>
    <message>
        <source>Run #%1 started in Slurm job %2</source>
        <translation>Lauf #%1 im Slurm-Job %2 gestartet</translation>
    </message>
    <message>
        <source>Slurm job %1 ended: %2</source>
        <translation>Slurm-Job %1 beendet: %2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>%1, without a run in the store (see its output in the log)</source>
        <translation>%1, ohne Lauf im Speicher (siehe seine Ausgabe im Protokoll)</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunQueueDock</name>
    <message>
        <source>Select a run to see its log.</source>
        <translation>Wählen Sie einen Lauf, um sein Protokoll zu sehen.</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Lauf abbrechen</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Beendete entfernen</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunQueueModel</name>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>preparing</source>
        <translation>wird vorbereitet</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunSummary</name>
    <message>
        <source>Markdown (*.md);;HTML page (*.html);;CSV (*.csv);;JSON (*.json);;Text (*.txt)</source>
        <translation>Markdown (*.md);;HTML-Seite (*.html);;CSV (*.csv);;JSON (*.json);;Text (*.txt)</translation>
    </message>
    <message>
        <source>%1: the summary&apos;s format follows the file&apos;s suffix: .md, .html, .csv, .json or .txt.</source>
        <translation>%1: Das Format der Zusammenfassung folgt der Dateiendung: .md, .html, .csv, .json oder .txt.</translation>
    </message>
    <message>
        <source>Could not open the store %1: %2.</source>
        <translation>Der Speicher %1 konnte nicht geöffnet werden: %2.</translation>
    </message>
    <message>
        <source>There is no run %1 in %2.</source>
        <translation>In %2 gibt es keinen Lauf %1.</translation>
    </message>
    <message>
        <source>Could not write the summary %1: %2.</source>
        <translation>Die Zusammenfassung %1 konnte nicht geschrieben werden: %2.</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunnerCheck</name>
    <message>
        <source>the runner (d500) was not found beside the studio nor on PATH; set D500_RUNNER to its path</source>
        <translation>der Runner (d500) wurde weder neben dem Studio noch im PATH gefunden; setzen Sie D500_RUNNER auf seinen Pfad</translation>
    </message>
    <message>
        <source>cannot write a copy of the experiment for the runner to check</source>
        <translation>eine Kopie des Experiments zur Prüfung durch den Runner kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>cannot start the runner %1: %2</source>
        <translation>der Runner %1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>the runner crashed (signal %1) while checking</source>
        <translation>der Runner ist bei der Prüfung abgestürzt (Signal %1)</translation>
    </message>
    <message>
        <source>the runner&apos;s check answered no verdict (exit %1)</source>
        <translation>die Prüfung des Runners lieferte kein Urteil (Exit-Code %1)</translation>
    </message>
</context>
<context>
    <name>d500::studio::ScalingKind</name>
    <message>
        <source>Scaling</source>
        <translation>Skalierung</translation>
    </message>
</context>
<context>
    <name>d500::studio::ScalingTab</name>
    <message>
        <source>Scaling %1</source>
        <translation>Skalierung %1</translation>
    </message>
    <message>
        <source>Projected from allreduce on %1 ranks (%2 MiB of gradients per step, an ideal network): %3.</source>
        <translation>Projiziert aus Allreduce auf %1 Rängen (%2 MiB Gradienten pro Schritt, ein ideales Netz): %3.</translation>
    </message>
    <message>
        <source>No projection: it needs an allreduce measured on 2 or more ranks (start the collective run with mpirun -np 2).</source>
        <translation>Keine Projektion: sie braucht ein auf 2 oder mehr Rängen gemessenes Allreduce (den kollektiven Lauf mit mpirun -np 2 starten).</translation>
    </message>
    <message>
        <source>Measured medians and the fitted latency + size / bandwidth</source>
        <translation>Gemessene Mediane und die angepasste Latenz + Größe / Bandbreite</translation>
    </message>
    <message>
        <source>message size (bytes)</source>
        <translation>Nachrichtengröße (Bytes)</translation>
    </message>
    <message>
        <source>time per call (ns)</source>
        <translation>Zeit pro Aufruf (ns)</translation>
    </message>
    <message>
        <source>%1 on %2 ranks</source>
        <translation>%1 auf %2 Rängen</translation>
    </message>
    <message>
        <source>Communication per step, projected (band: the model&apos;s 95% CIs)</source>
        <translation>Kommunikation pro Schritt, projiziert (Band: die 95-%-KIs des Modells)</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>Ränge</translation>
    </message>
    <message>
        <source>communication per step (ns)</source>
        <translation>Kommunikation pro Schritt (ns)</translation>
    </message>
    <message>
        <source>measured up to %1 ranks</source>
        <translation>gemessen bis %1 Ränge</translation>
    </message>
    <message>
        <source>There is no projection to export: it needs an allreduce on 2 or more ranks.</source>
        <translation>Es gibt keine Projektion zum Exportieren: sie braucht ein Allreduce auf 2 oder mehr Rängen.</translation>
    </message>
</context>
<context>
    <name>d500::studio::SeriesPicker</name>
    <message>
        <source>Choose what to draw</source>
        <translation>Wählen, was gezeichnet wird</translation>
    </message>
    <message>
        <source>Search…</source>
        <translation>Suchen…</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
</context>
<context>
    <name>d500::studio::SetValueCommand</name>
    <message>
        <source>Set %1</source>
        <translation>%1 setzen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
</context>
<context>
    <name>d500::studio::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>automatic: d500 beside the studio, or D500_RUNNER</source>
        <translation>automatisch: d500 neben dem Studio oder D500_RUNNER</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Durchsuchen...</translation>
    </message>
    <message>
        <source>The d500 runner</source>
        <translation>Der d500-Runner</translation>
    </message>
    <message>
        <source>Benchmarks running at the same time disturb each other&apos;s timings; keep 1 unless the runs do not measure time.</source>
        <translation>Gleichzeitig laufende Benchmarks stören gegenseitig ihre Zeitmessungen; lassen Sie 1, außer die Läufe messen keine Zeit.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Language (after restart)</source>
        <translation>Sprache (nach Neustart)</translation>
    </message>
    <message>
        <source>Runner</source>
        <translation>Runner</translation>
    </message>
    <message>
        <source>Runs at once</source>
        <translation>Gleichzeitige Läufe</translation>
    </message>
    <message>
        <source>Cancel: kill after</source>
        <translation>Abbruch: beenden nach</translation>
    </message>
    <message>
        <source>the cluster&apos;s default</source>
        <translation>Vorgabe des Clusters</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Slurm time limit: HH:MM:SS, D-HH:MM:SS, MM:SS or minutes</source>
        <translation>Slurm-Zeitlimit: HH:MM:SS, D-HH:MM:SS, MM:SS oder Minuten</translation>
    </message>
    <message>
        <source>e.g. gcc/12 openmpi/4.1 (loaded before srun)</source>
        <translation>z. B. gcc/12 openmpi/4.1 (vor srun geladen)</translation>
    </message>
    <message>
        <source>one option a line, e.g. --qos=short</source>
        <translation>eine Option je Zeile, z. B. --qos=short</translation>
    </message>
    <message>
        <source>Cluster (the Slurm launcher)</source>
        <translation>Cluster (der Slurm-Starter)</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>Partition</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Konto</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>Module</translation>
    </message>
    <message>
        <source>Extra #SBATCH</source>
        <translation>Weitere #SBATCH</translation>
    </message>
</context>
<context>
    <name>d500::studio::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menü</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Kürzel</translation>
    </message>
</context>
<context>
    <name>d500::studio::SlurmFollower</name>
    <message>
        <source>scancel %1: Slurm asks the job to stop (SIGTERM)</source>
        <translation>scancel %1: Slurm bittet den Job anzuhalten (SIGTERM)</translation>
    </message>
    <message>
        <source>Cannot cancel Slurm job %1: %2</source>
        <translation>Slurm-Job %1 kann nicht abgebrochen werden: %2</translation>
    </message>
    <message>
        <source>Neither squeue nor sacct knows Slurm job %1 any more; taking it as ended.</source>
        <translation>Weder squeue noch sacct kennen den Slurm-Job %1 noch; er gilt als beendet.</translation>
    </message>
</context>
<context>
    <name>d500::studio::StartPage</name>
    <message>
        <source>Welcome to d500 Studio</source>
        <translation>Willkommen bei d500 Studio</translation>
    </message>
    <message>
        <source>Fair, reproducible deep-learning benchmarks: every number with its confidence interval, its validation and the machine it was measured on. Start with one of these:</source>
        <translation>Faire, reproduzierbare Deep-Learning-Benchmarks: jede Zahl mit ihrem Konfidenzintervall, ihrer Validierung und der Maschine, auf der sie gemessen wurde. Beginnen Sie mit einem dieser Schritte:</translation>
    </message>
    <message>
        <source>Recent projects are in File &gt; Recent Projects; F1 opens the User Guide.</source>
        <translation>Zuletzt verwendete Projekte finden Sie unter Datei &gt; Zuletzt verwendete Projekte; F1 öffnet das Benutzerhandbuch.</translation>
    </message>
</context>
<context>
    <name>d500::studio::StudioActions</name>
    <message>
        <source>&amp;Graph of the Model</source>
        <translation>&amp;Graph des Modells</translation>
    </message>
    <message>
        <source>The network run&apos;s ONNX model as a graph, coloured by where the time goes</source>
        <translation>Das ONNX-Modell des Netzwerk-Laufs als Graph, gefärbt danach, wo die Zeit bleibt</translation>
    </message>
    <message>
        <source>Open ONNX &amp;Model...</source>
        <translation>ONNX-&amp;Modell öffnen...</translation>
    </message>
    <message>
        <source>Show an .onnx file as a graph</source>
        <translation>Eine .onnx-Datei als Graph zeigen</translation>
    </message>
    <message>
        <source>&amp;New Project</source>
        <translation>&amp;Neues Projekt</translation>
    </message>
    <message>
        <source>Start a new project</source>
        <translation>Ein neues Projekt beginnen</translation>
    </message>
    <message>
        <source>&amp;Open Project...</source>
        <translation>Projekt ö&amp;ffnen...</translation>
    </message>
    <message>
        <source>Open a project file (*.d500proj)</source>
        <translation>Eine Projektdatei öffnen (*.d500proj)</translation>
    </message>
    <message>
        <source>&amp;Save Project</source>
        <translation>Projekt &amp;speichern</translation>
    </message>
    <message>
        <source>Save the project and its experiments</source>
        <translation>Das Projekt und seine Experimente speichern</translation>
    </message>
    <message>
        <source>Save Project &amp;As...</source>
        <translation>Projekt speichern &amp;unter...</translation>
    </message>
    <message>
        <source>Save the project under another name</source>
        <translation>Das Projekt unter einem anderen Namen speichern</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>Quit d500 Studio</source>
        <translation>d500 Studio beenden</translation>
    </message>
    <message>
        <source>New &amp;Experiment</source>
        <translation>Neues &amp;Experiment</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Build a new experiment in the editor</source>
        <translation>Ein neues Experiment im Editor aufbauen</translation>
    </message>
    <message>
        <source>&amp;Add Experiment File...</source>
        <translation>Experimentdatei &amp;hinzufügen...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Add an experiment file to the project</source>
        <translation>Eine Experimentdatei zum Projekt hinzufügen</translation>
    </message>
    <message>
        <source>Save E&amp;xperiment</source>
        <translation>E&amp;xperiment speichern</translation>
    </message>
    <message>
        <source>Ctrl+Alt+S</source>
        <translation>Ctrl+Alt+S</translation>
    </message>
    <message>
        <source>Save the experiment being edited</source>
        <translation>Das bearbeitete Experiment speichern</translation>
    </message>
    <message>
        <source>Save Experiment As &amp;File...</source>
        <translation>Experiment als &amp;Datei speichern...</translation>
    </message>
    <message>
        <source>Write the experiment being edited to a file of its own</source>
        <translation>Das bearbeitete Experiment in eine eigene Datei schreiben</translation>
    </message>
    <message>
        <source>&amp;Remove Experiment from Project</source>
        <translation>Experiment aus Projekt &amp;entfernen</translation>
    </message>
    <message>
        <source>Remove the selected experiment from the project (its file and runs stay)</source>
        <translation>Das gewählte Experiment aus dem Projekt entfernen (Datei und Läufe bleiben)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Ctrl+Y</source>
        <translation>Ctrl+Y</translation>
    </message>
    <message>
        <source>&amp;Settings...</source>
        <translation>&amp;Einstellungen...</translation>
    </message>
    <message>
        <source>Language, runner and run queue settings</source>
        <translation>Sprache, Runner und Warteschlange einstellen</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <source>Run the current experiment (saved first) into the project&apos;s store</source>
        <translation>Das aktuelle Experiment (zuvor gespeichert) in den Speicher des Projekts ausführen</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>Lauf a&amp;bbrechen</translation>
    </message>
    <message>
        <source>Shift+F5</source>
        <translation>Shift+F5</translation>
    </message>
    <message>
        <source>Stop the selected run (the runner keeps what it measured)</source>
        <translation>Den gewählten Lauf anhalten (der Runner behält, was er gemessen hat)</translation>
    </message>
    <message>
        <source>Cancel &amp;All Runs</source>
        <translation>&amp;Alle Läufe abbrechen</translation>
    </message>
    <message>
        <source>Stop every queued and running run</source>
        <translation>Alle wartenden und laufenden Läufe anhalten</translation>
    </message>
    <message>
        <source>&amp;Convergence Chart</source>
        <translation>&amp;Konvergenzdiagramm</translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation>Ctrl+1</translation>
    </message>
    <message>
        <source>Loss, accuracy and learning rate of the selected runs</source>
        <translation>Verlust, Genauigkeit und Lernrate der gewählten Läufe</translation>
    </message>
    <message>
        <source>&amp;Throughput Chart</source>
        <translation>&amp;Durchsatzdiagramm</translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation>Ctrl+2</translation>
    </message>
    <message>
        <source>Samples per second of the selected runs</source>
        <translation>Samples pro Sekunde der gewählten Läufe</translation>
    </message>
    <message>
        <source>T&amp;imings Chart</source>
        <translation>&amp;Zeitmessungsdiagramm</translation>
    </message>
    <message>
        <source>Ctrl+3</source>
        <translation>Ctrl+3</translation>
    </message>
    <message>
        <source>Timing distributions of the selected runs</source>
        <translation>Verteilungen der Zeitmessungen der gewählten Läufe</translation>
    </message>
    <message>
        <source>&amp;Sweep Chart</source>
        <translation>&amp;Sweep-Diagramm</translation>
    </message>
    <message>
        <source>Ctrl+4</source>
        <translation>Ctrl+4</translation>
    </message>
    <message>
        <source>Medians with confidence intervals across the sweep</source>
        <translation>Mediane mit Konfidenzintervallen über den Sweep</translation>
    </message>
    <message>
        <source>&amp;Roofline Chart</source>
        <translation>&amp;Roofline-Diagramm</translation>
    </message>
    <message>
        <source>Ctrl+5</source>
        <translation>Ctrl+5</translation>
    </message>
    <message>
        <source>Operator results against the machine&apos;s measured peaks</source>
        <translation>Operatorergebnisse gegenüber den gemessenen Spitzenwerten der Maschine</translation>
    </message>
    <message>
        <source>Co&amp;mpare Runs</source>
        <translation>Läufe &amp;vergleichen</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>Compare the selected runs side by side</source>
        <translation>Die gewählten Läufe nebeneinander vergleichen</translation>
    </message>
    <message>
        <source>&amp;Export Chart...</source>
        <translation>Diagramm e&amp;xportieren...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export the current chart as PNG, SVG or PDF</source>
        <translation>Das aktuelle Diagramm als PNG, SVG oder PDF exportieren</translation>
    </message>
    <message>
        <source>Export Chart &amp;Data (CSV)...</source>
        <translation>Diagramm&amp;daten exportieren (CSV)...</translation>
    </message>
    <message>
        <source>Export the data behind the current chart as CSV</source>
        <translation>Die Daten hinter dem aktuellen Diagramm als CSV exportieren</translation>
    </message>
    <message>
        <source>Export Report (&amp;HTML)...</source>
        <translation>Bericht exportieren (&amp;HTML)...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>A self-contained HTML report of the selected runs</source>
        <translation>Ein eigenständiger HTML-Bericht der gewählten Läufe</translation>
    </message>
    <message>
        <source>Export Report (&amp;PDF)...</source>
        <translation>Bericht exportieren (&amp;PDF)...</translation>
    </message>
    <message>
        <source>A PDF report of the selected runs</source>
        <translation>Ein PDF-Bericht der gewählten Läufe</translation>
    </message>
    <message>
        <source>Reload &amp;Plugins</source>
        <translation>&amp;Plugins neu laden</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <source>Ask the runner again which plugins it finds</source>
        <translation>Den Runner erneut fragen, welche Plugins er findet</translation>
    </message>
    <message>
        <source>&amp;About d500 Studio</source>
        <translation>Ü&amp;ber d500 Studio</translation>
    </message>
    <message>
        <source>Versions of the studio, the runner and Qt</source>
        <translation>Versionen von Studio, Runner und Qt</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Recent &amp;Projects</source>
        <translation>&amp;Zuletzt geöffnete Projekte</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>&amp;Diagramme</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <source>Across S&amp;eeds Chart</source>
        <translation>Diagramm über S&amp;eeds</translation>
    </message>
    <message>
        <source>Ctrl+6</source>
        <translation>Ctrl+6</translation>
    </message>
    <message>
        <source>Median across a training run&apos;s seeds with its confidence band</source>
        <translation>Median über die Seeds eines Trainingslaufs mit seinem Konfidenzband</translation>
    </message>
    <message>
        <source>Ctrl+7</source>
        <translation>Ctrl+7</translation>
    </message>
    <message>
        <source>Ctrl+Alt+O</source>
        <translation>Ctrl+Alt+O</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>Benutzer&amp;handbuch</translation>
    </message>
    <message>
        <source>How to use d500 Studio, in five minutes</source>
        <translation>So benutzen Sie d500 Studio – in fünf Minuten</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Ctrl+/</source>
        <translation>Ctrl+/</translation>
    </message>
    <message>
        <source>Every keyboard shortcut of the studio</source>
        <translation>Alle Tastenkürzel des Studios</translation>
    </message>
    <message>
        <source>&amp;Network Editor...</source>
        <translation>Ne&amp;tz-Editor...</translation>
    </message>
    <message>
        <source>Ctrl+Alt+N</source>
        <translation>Ctrl+Alt+N</translation>
    </message>
    <message>
        <source>Edit an ONNX model or a builder&apos;s network, and save it as ONNX</source>
        <translation>Ein ONNX-Modell oder das Netz eines Builders bearbeiten und als ONNX speichern</translation>
    </message>
    <message>
        <source>The &amp;List</source>
        <translation>Die &amp;Liste</translation>
    </message>
    <message>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <source>The store&apos;s runs ranked as d500 list ranks them: training by time-to-accuracy per recipe, workloads by throughput</source>
        <translation>Die Läufe des Speichers, gereiht wie d500 list sie reiht: Training nach Zeit bis zur Zielgenauigkeit je Rezept, Workloads nach Durchsatz</translation>
    </message>
    <message>
        <source>Open Result S&amp;tore...</source>
        <translation>Ergebnis&amp;speicher öffnen...</translation>
    </message>
    <message>
        <source>Ctrl+Alt+D</source>
        <translation>Ctrl+Alt+D</translation>
    </message>
    <message>
        <source>Show the runs of a result store (*.d500db) without a project</source>
        <translation>Die Läufe eines Ergebnisspeichers (*.d500db) ohne Projekt anzeigen</translation>
    </message>
    <message>
        <source>Open Examp&amp;le Project</source>
        <translation>&amp;Beispielprojekt öffnen</translation>
    </message>
    <message>
        <source>Open the example project (a copy of your own, where its runs are kept)</source>
        <translation>Das Beispielprojekt öffnen (eine eigene Kopie, in der seine Läufe bleiben)</translation>
    </message>
    <message>
        <source>New Operator &amp;Comparison</source>
        <translation>Neuer Operator-&amp;Vergleich</translation>
    </message>
    <message>
        <source>A new experiment from the canvas template that compares implementations of an operator</source>
        <translation>Ein neues Experiment aus der Canvas-Vorlage, die Implementierungen eines Operators vergleicht</translation>
    </message>
    <message>
        <source>Run the &amp;Fashion-MNIST Recipe</source>
        <translation>&amp;Fashion-MNIST-Rezept ausführen</translation>
    </message>
    <message>
        <source>Add the Fashion-MNIST recipe (the MLP to 85% test accuracy, one seed) to the project and run it</source>
        <translation>Das Fashion-MNIST-Rezept (das MLP auf 85 % Testgenauigkeit, ein Seed) zum Projekt hinzufügen und ausführen</translation>
    </message>
    <message>
        <source>Export Run &amp;Summary...</source>
        <translation>Lauf&amp;zusammenfassung exportieren...</translation>
    </message>
    <message>
        <source>The selected run&apos;s tables as d500 show writes them: Markdown, HTML, CSV, JSON or text</source>
        <translation>Die Tabellen des gewählten Laufs, wie d500 show sie schreibt: Markdown, HTML, CSV, JSON oder Text</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <source>Ctrl+8</source>
        <translation>Ctrl+8</translation>
    </message>
    <message>
        <source>Every benchmark of the store over time, with its change points, the largest recent change first</source>
        <translation>Jeder Benchmark des Speichers über die Zeit, mit seinen Änderungspunkten, die größte jüngste Änderung zuerst</translation>
    </message>
    <message>
        <source>Sc&amp;aling Chart</source>
        <translation>Sk&amp;alierungsdiagramm</translation>
    </message>
    <message>
        <source>Ctrl+9</source>
        <translation>Ctrl+9</translation>
    </message>
    <message>
        <source>The selected collective runs&apos; latency and bandwidth, and the schemes projected to 4,096 ranks</source>
        <translation>Latenz und Bandbreite der gewählten kollektiven Läufe und die auf 4.096 Ränge projizierten Verfahren</translation>
    </message>
</context>
<context>
    <name>d500::studio::SweepSection</name>
    <message>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <source>variable, e.g. N</source>
        <translation>Variable, z. B. N</translation>
    </message>
    <message>
        <source>values, e.g. 64, 128, 256</source>
        <translation>Werte, z. B. 64, 128, 256</translation>
    </message>
    <message>
        <source>Add variable</source>
        <translation>Variable hinzufügen</translation>
    </message>
    <message>
        <source>%1 explicit points × %2 sweep combinations</source>
        <translation>%1 explizite Punkte × %2 Sweep-Kombinationen</translation>
    </message>
    <message>
        <source>the problem list %1 × %2 sweep combinations</source>
        <translation>die Problemliste %1 × %2 Sweep-Kombinationen</translation>
    </message>
    <message>
        <source>Remove sweep variable %1</source>
        <translation>Sweep-Variable %1 entfernen</translation>
    </message>
    <message numerus="yes">
        <source>measurement points per implementation: %n</source>
        <translation>
            <numerusform>%n Messpunkt je Implementierung</numerusform>
            <numerusform>%n Messpunkte je Implementierung</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>d500::studio::SweepVariableCommand</name>
    <message>
        <source>Add sweep variable %1</source>
        <translation>Sweep-Variable %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove sweep variable %1</source>
        <translation>Sweep-Variable %1 entfernen</translation>
    </message>
</context>
<context>
    <name>d500::studio::TrainingSection</name>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>none; e.g. ../recipes/fashion_mnist_mlp.json</source>
        <translation>keines; z. B. ../recipes/fashion_mnist_mlp.json</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>Rezept</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>MLP hidden widths, e.g. 256, 128</source>
        <translation>Breiten der verborgenen MLP-Schichten, z. B. 256, 128</translation>
    </message>
    <message>
        <source>Hidden layers</source>
        <translation>Verborgene Schichten</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>Sampler</source>
        <translation>Sampler</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>Epochen</translation>
    </message>
    <message>
        <source>Seeds</source>
        <translation>Seeds</translation>
    </message>
    <message>
        <source>Target test accuracy</source>
        <translation>Ziel-Testgenauigkeit</translation>
    </message>
    <message>
        <source>Evaluate every (steps)</source>
        <translation>Auswerten alle (Schritte)</translation>
    </message>
    <message>
        <source>Wall-time limit (s)</source>
        <translation>Zeitlimit (s)</translation>
    </message>
</context>
<context>
    <name>d500::studio::UserGuideDialog</name>
    <message>
        <source>&lt;h2&gt;d500 Studio in five minutes&lt;/h2&gt;&lt;p&gt;d500 measures deep-learning code fairly: every number comes with its confidence interval, its validation verdict and the state of the machine it was measured on. The studio builds experiments, starts the runner &lt;code&gt;d500&lt;/code&gt; on them and draws what the runner stores.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;d500 Studio in fünf Minuten&lt;/h2&gt;&lt;p&gt;d500 misst Deep-Learning-Code fair: Jede Zahl kommt mit ihrem Konfidenzintervall, ihrem Validierungsurteil und dem Zustand der Maschine, auf der sie gemessen wurde. Das Studio baut Experimente auf, startet mit ihnen den Runner &lt;code&gt;d500&lt;/code&gt; und zeichnet, was der Runner speichert.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;3. A run&lt;/h3&gt;&lt;p&gt;Run (F5) saves the experiment and starts the runner; the Run Queue shows its state and progress, and the run&apos;s dashboard opens as soon as the runner has created the run. Cancel (Shift+F5) stops it and keeps what was measured.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;3. Ein Lauf&lt;/h3&gt;&lt;p&gt;Ausführen (F5) speichert das Experiment und startet den Runner; die Warteschlange zeigt Zustand und Fortschritt, und das Dashboard des Laufs öffnet sich, sobald der Runner den Lauf angelegt hat. Lauf abbrechen (Shift+F5) hält ihn an und behält, was bis dahin gemessen wurde.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;4. Reading the results&lt;/h3&gt;&lt;p&gt;Each run opens in its level&apos;s dashboard: a panel per quantity with its own axis and unit. Double-click a run in the Project dock to open it again; the Charts menu has the single charts (sweep, timings, roofline, convergence). Select two runs and Compare (Ctrl+M) to see ratios with a significance verdict, and whether the two machines were equally quiet.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;4. Die Ergebnisse lesen&lt;/h3&gt;&lt;p&gt;Jeder Lauf öffnet sich im Dashboard seiner Ebene: ein Diagramm je Messgröße mit eigener Achse und Einheit. Ein Doppelklick auf einen Lauf im Projektbereich öffnet ihn erneut; das Menü Diagramme enthält die einzelnen Diagramme (Sweep, Zeitmessungen, Roofline, Konvergenz). Wählen Sie zwei Läufe und dann Läufe vergleichen (Ctrl+M), um Verhältnisse mit einem Signifikanzurteil zu sehen und ob beide Maschinen gleich ruhig waren.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;5. Sharing&lt;/h3&gt;&lt;p&gt;File &amp;gt; Export writes a chart as PNG, SVG or PDF, its data as CSV, and a report of the selected runs as HTML or PDF. The same exports run without a display: &lt;code&gt;d500-studio --help&lt;/code&gt; lists them.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;5. Teilen&lt;/h3&gt;&lt;p&gt;Datei &amp;gt; Diagramm exportieren schreibt ein Diagramm als PNG, SVG oder PDF, Diagrammdaten exportieren seine Daten als CSV und Bericht exportieren einen Bericht der gewählten Läufe als HTML oder PDF. Dieselben Exporte laufen auch ohne Bildschirm: &lt;code&gt;d500-studio --help&lt;/code&gt; führt sie auf.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The mouse wheel changes a field only once you have clicked into it, so scrolling a form never edits it. Help &amp;gt; Keyboard Shortcuts lists every shortcut.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Das Mausrad ändert ein Feld erst, nachdem Sie hineingeklickt haben; beim Scrollen durch ein Formular wird also nie etwas verändert. Hilfe &amp;gt; Tastenkürzel listet alle Kürzel auf.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>d500 Studio User Guide</source>
        <translation>d500 Studio – Benutzerhandbuch</translation>
    </message>
    <message>
        <source>&lt;h3&gt;1. A project&lt;/h3&gt;&lt;p&gt;A project (&lt;code&gt;*.d500proj&lt;/code&gt;) lists experiments and names a result store (a SQLite file, &lt;code&gt;*.d500db&lt;/code&gt;). While no tab is open, the start page offers the first steps: the example project (a copy of your own, so your runs stay with it), an operator comparison, the Fashion-MNIST recipe, an ONNX model or a store. File &amp;gt; Open Result Store shows the runs of a store without a project, as do &lt;code&gt;d500-studio --store FILE&lt;/code&gt; and opening a &lt;code&gt;.d500db&lt;/code&gt; file from the file manager. Given with a project, &lt;code&gt;--store&lt;/code&gt; reads another store for this session only; the project file keeps its own.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;1. Ein Projekt&lt;/h3&gt;&lt;p&gt;Ein Projekt (&lt;code&gt;*.d500proj&lt;/code&gt;) listet Experimente auf und nennt einen Ergebnisspeicher (eine SQLite-Datei, &lt;code&gt;*.d500db&lt;/code&gt;). Solange kein Tab offen ist, bietet die Startseite die ersten Schritte an: das Beispielprojekt (eine eigene Kopie, bei der Ihre Läufe bleiben), einen Operator-Vergleich, das Fashion-MNIST-Rezept, ein ONNX-Modell oder einen Speicher. Datei &amp;gt; Ergebnisspeicher öffnen zeigt die Läufe eines Speichers ohne Projekt, ebenso &lt;code&gt;d500-studio --store DATEI&lt;/code&gt; und das Öffnen einer &lt;code&gt;.d500db&lt;/code&gt;-Datei aus dem Dateimanager. Zusammen mit einem Projekt liest &lt;code&gt;--store&lt;/code&gt; nur für diese Sitzung einen anderen Speicher; die Projektdatei behält ihren eigenen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;2. An experiment&lt;/h3&gt;&lt;p&gt;File &amp;gt; New Experiment opens the editor: choose the level (operator, network, training, distributed, collective), then fill the forms. The Problems pane below the editor is the runner&apos;s own verdict: when it says the runner will accept the experiment, &lt;code&gt;d500 run&lt;/code&gt; does. Every edit can be undone (Ctrl+Z). Each new experiment gets a name of its own (new-experiment, new-experiment-2, ...), as runs find their experiment by its name.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;2. Ein Experiment&lt;/h3&gt;&lt;p&gt;Datei &amp;gt; Neues Experiment öffnet den Editor: Wählen Sie die Ebene (Operator, Netz, Training, verteilt, kollektiv) und füllen Sie dann die Formulare aus. Der Bereich „Probleme“ unter dem Editor ist das Urteil des Runners selbst: Wenn er sagt, dass der Runner das Experiment annimmt, tut &lt;code&gt;d500 run&lt;/code&gt; das auch. Jede Änderung lässt sich rückgängig machen (Strg+Z). Jedes neue Experiment erhält einen eigenen Namen (new-experiment, new-experiment-2, ...), da Läufe ihr Experiment über seinen Namen finden.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The experiment canvas&lt;/h3&gt;&lt;p&gt;The editor&apos;s Canvas tab shows the same experiment as components wired together: the operator and its implementations, a model and its executors, a dataset, an optimizer, a sweep. Drag a component from the palette on the left (a double-click adds it where it belongs) and connect an output to an input. A second component of a kind beside a wired one is a spare: the run compares the two as variants. The Problems list under the canvas names every input still missing. Auto-layout (Ctrl+L) and Fit (F) tidy the view; Run (Ctrl+R) runs every variant and shows the first one&apos;s progress on the nodes. Canvas edits are steps of the experiment&apos;s undo stack, like the form&apos;s.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Die Experiment-Canvas&lt;/h3&gt;&lt;p&gt;Der Canvas-Tab des Editors zeigt dasselbe Experiment als verbundene Komponenten: den Operator und seine Implementierungen, ein Modell und seine Ausführer, einen Datensatz, einen Optimierer, einen Sweep. Ziehen Sie eine Komponente aus der Palette links (ein Doppelklick fügt sie dort ein, wo sie hingehört) und verbinden Sie einen Ausgang mit einem Eingang. Eine zweite Komponente derselben Art neben einer verbundenen ist eine Reserve: Der Lauf vergleicht beide als Varianten. Die Problemliste unter der Canvas nennt jeden noch fehlenden Eingang. Automatisch anordnen (Strg+L) und Einpassen (F) ordnen die Ansicht; Ausführen (Strg+R) führt jede Variante aus und zeigt den Fortschritt der ersten an den Knoten. Änderungen auf der Canvas sind Schritte im Rückgängig-Stapel des Experiments, wie die des Formulars.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Templates&lt;/h3&gt;&lt;p&gt;The canvas&apos;s Templates menu starts from a whole experiment: compare implementations of an operator, compare executors on a model, the time-to-accuracy of an optimizer over seeds, or the scaling of a distributed scheme. A template replaces the experiment in one undo step; adjust it and run. The start page&apos;s &quot;Compare implementations of an operator&quot; opens the first one as a new experiment.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Vorlagen&lt;/h3&gt;&lt;p&gt;Das Vorlagen-Menü der Canvas beginnt mit einem ganzen Experiment: Implementierungen eines Operators vergleichen, Ausführer an einem Modell vergleichen, die Zeit bis zur Zielgenauigkeit eines Optimierers über Seeds oder die Skalierung eines verteilten Verfahrens. Eine Vorlage ersetzt das Experiment in einem Rückgängig-Schritt; passen Sie es an und führen Sie es aus. „Implementierungen eines Operators vergleichen“ auf der Startseite öffnet die erste als neues Experiment.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The graph view&lt;/h3&gt;&lt;p&gt;File &amp;gt; Open ONNX Model shows an &lt;code&gt;.onnx&lt;/code&gt; file as a graph of its operators, and Charts &amp;gt; Graph of the Model (Ctrl+7) shows the model of a network run, each node coloured by its share of the time. Click a node for its attributes, shapes and timings; search by name, zoom, Fit, and use the minimap to find your way in a large model.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Die Graphansicht&lt;/h3&gt;&lt;p&gt;Datei &amp;gt; ONNX-Modell öffnen zeigt eine &lt;code&gt;.onnx&lt;/code&gt;-Datei als Graph ihrer Operatoren, und Diagramme &amp;gt; Graph des Modells (Strg+7) zeigt das Modell eines Netz-Laufs, jeder Knoten nach seinem Anteil an der Zeit eingefärbt. Klicken Sie auf einen Knoten für seine Attribute, Formen und Zeiten; suchen Sie nach Namen, zoomen Sie, passen Sie ein, und finden Sie sich mit der Übersichtskarte in einem großen Modell zurecht.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The network editor&lt;/h3&gt;&lt;p&gt;File &amp;gt; Network Editor (Ctrl+Alt+N) opens a model in a window of its own: an &lt;code&gt;.onnx&lt;/code&gt; file or a network from a builder (MLP, LeNet-5, ResNet). Add operators from its palette, connect tensors, change attributes in the form, delete or replace a node; shape inference labels the edges after every edit and draws a node it refuses in red, with the reason. Every edit can be undone, and the model is saved only when the ONNX checker passes. Use in Network Experiment saves it and adds a network benchmark of it to the project.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Der Netz-Editor&lt;/h3&gt;&lt;p&gt;Datei &amp;gt; Netz-Editor (Strg+Alt+N) öffnet ein Modell in einem eigenen Fenster: eine &lt;code&gt;.onnx&lt;/code&gt;-Datei oder ein Netz aus einem Builder (MLP, LeNet-5, ResNet). Fügen Sie Operatoren aus seiner Palette hinzu, verbinden Sie Tensoren, ändern Sie Attribute im Formular, löschen oder ersetzen Sie einen Knoten; die Forminferenz beschriftet die Kanten nach jeder Änderung und zeichnet einen Knoten, den sie ablehnt, rot, mit dem Grund. Jede Änderung lässt sich rückgängig machen, und das Modell wird nur gespeichert, wenn der ONNX-Checker es annimmt. „In Netz-Experiment verwenden“ speichert es und fügt dem Projekt einen Netz-Benchmark davon hinzu.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Your own components&lt;/h3&gt;&lt;p&gt;Plugins add components beside the built-in ones: operators, network executors and optimizers, distributed schemes, datasets (read as the training asks for them, so a set need not fit in memory), samplers and metrics. The palette lists each kind with the plugin that offers it; experiments name a plugin&apos;s component &lt;code&gt;plugin/name&lt;/code&gt;. A metric&apos;s values appear in the training and distributed dashboards&apos; side panel with their unit. &lt;code&gt;d500 plugins&lt;/code&gt; lists everything the plugins offer, and the README explains for each kind what to implement and how d500 checks it.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Eigene Komponenten&lt;/h3&gt;&lt;p&gt;Plugins fügen den eingebauten Komponenten weitere hinzu: Operatoren, Netzwerk-Executoren und Optimierer, verteilte Verfahren, Datensätze (gelesen, wenn das Training sie braucht, sodass ein Datensatz nicht in den Speicher passen muss), Sampler und Metriken. Die Palette listet jede Art mit dem Plugin, das sie anbietet; Experimente nennen die Komponente eines Plugins &lt;code&gt;plugin/name&lt;/code&gt;. Die Werte einer Metrik stehen mit ihrer Einheit in der Seitenleiste der Trainings- und Verteilt-Dashboards. &lt;code&gt;d500 plugins&lt;/code&gt; listet alles, was die Plugins anbieten, und die README erklärt für jede Art, was zu implementieren ist und wie d500 es prüft.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;History&lt;/h3&gt;&lt;p&gt;Charts &amp;gt; History (Ctrl+8) shows every benchmark of the store over time, the series with the largest recent change first. Select a series to see each run&apos;s median with its CI and its change points, marked with their size; click a run to open it, click a change point for the environment that changed across it and both sides&apos; samples. Rerun to Confirm queues both runs again, interleaved in randomized blocks, and stores whether the change is real.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Verlauf&lt;/h3&gt;&lt;p&gt;Diagramme &amp;gt; Verlauf (Ctrl+8) zeigt jeden Benchmark des Speichers über die Zeit, die Reihe mit der größten jüngsten Änderung zuerst. Wählen Sie eine Reihe, um den Median jedes Laufs mit seinem KI und ihre Änderungspunkte samt Größe zu sehen; ein Klick auf einen Lauf öffnet ihn, ein Klick auf einen Änderungspunkt zeigt, was sich in der Umgebung geändert hat, und die Stichproben beider Seiten. Zur Bestätigung wiederholen reiht beide Läufe erneut ein, verschränkt in randomisierten Blöcken, und speichert, ob die Änderung echt ist.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>d500::studio::WorkspaceTabs</name>
    <message>
        <source>Embedded in the project</source>
        <translation>Im Projekt eingebettet</translation>
    </message>
    <message>
        <source>Compare %1</source>
        <translation>Vergleich %1</translation>
    </message>
    <message>
        <source>Unsaved experiment</source>
        <translation>Ungespeichertes Experiment</translation>
    </message>
    <message>
        <source>Save the changes to %1?</source>
        <translation>Änderungen an %1 speichern?</translation>
    </message>
    <message>
        <source>The list</source>
        <translation>Die Liste</translation>
    </message>
</context>
</TS>
