<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>BoxStats</name>
    <message>
        <source>whiskers: %1 IQR (Tukey)</source>
        <translation>Whisker: %1 IQR (Tukey)</translation>
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
        <source>%1: median [CI]</source>
        <translation>%1: Median [KI]</translation>
    </message>
    <message>
        <source>%1: speedup, verdict (p)</source>
        <translation>%1: Speedup, Urteil (p)</translation>
    </message>
    <message>
        <source>%1: validation</source>
        <translation>%1: Validierung</translation>
    </message>
    <message>
        <source>%1x, %2 (p %3)</source>
        <translation>%1x, %2 (p %3)</translation>
    </message>
    <message>
        <source>What changed in the environment</source>
        <translation>Was sich in der Umgebung geändert hat</translation>
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
        <source>Charts</source>
        <translation>Diagramme</translation>
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
        <source>Tukey outliers</source>
        <translation>Tukey-Ausreißer</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>minor faults/call</source>
        <translation>Minor Faults/Aufruf</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>Validierung</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
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
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>Experiment file</source>
        <translation>Experimentdatei</translation>
    </message>
    <message>
        <source>%1, sha256 %2</source>
        <translation>%1, sha256 %2</translation>
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
        <source>The launcher &quot;%1&quot; cannot be started from the studio; submit the experiment with d500 on the cluster instead.</source>
        <translation>Der Starter „%1“ kann nicht aus dem Studio gestartet werden; reichen Sie das Experiment stattdessen mit d500 auf dem Cluster ein.</translation>
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
    <message>
        <source>(no series yet)</source>
        <translation>(noch keine Reihen)</translation>
    </message>
</context>
<context>
    <name>d500::studio::ChartPanel</name>
    <message>
        <source>The store %1 does not exist yet; the chart fills in when a run creates it.</source>
        <translation>Der Speicher %1 existiert noch nicht; das Diagramm füllt sich, sobald ein Lauf ihn anlegt.</translation>
    </message>
    <message>
        <source>Cannot read the store %1: %2</source>
        <translation>Der Speicher %1 kann nicht gelesen werden: %2</translation>
    </message>
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
        <source>%1: unknown image format; use .png, .svg or .pdf.</source>
        <translation>%1: unbekanntes Bildformat; verwenden Sie .png, .svg oder .pdf.</translation>
    </message>
    <message>
        <source>Nothing to export to %1: %2</source>
        <translation>Nichts nach %1 zu exportieren: %2</translation>
    </message>
    <message>
        <source>Could not write the CSV file %1: %2.</source>
        <translation>Die CSV-Datei %1 konnte nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>Across seeds</source>
        <translation>Über Seeds</translation>
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
        <source>Slurm (submit with d500 on the cluster)</source>
        <translation>Slurm (mit d500 auf dem Cluster einreichen)</translation>
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
    <message>
        <source>d500 Studio</source>
        <translation>d500 Studio</translation>
    </message>
    <message numerus="yes">
        <source>Store: %1 (runs: %n)</source>
        <translation>
            <numerusform>Speicher: %1 (%n Lauf)</numerusform>
            <numerusform>Speicher: %1 (%n Läufe)</numerusform>
        </translation>
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
        <source>Double-click an operator to benchmark it with every implementation, one implementation to add it, or a component to use it (the level changes when needed).</source>
        <translation>Doppelklick auf einen Operator misst ihn mit jeder Implementierung, auf eine Implementierung fügt sie hinzu, auf eine Komponente verwendet sie (die Ebene wechselt bei Bedarf).</translation>
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
</context>
<context>
    <name>d500::studio::ReportWriter</name>
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
        <source>running %1/%2</source>
        <translation>läuft %1/%2</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
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
</context>
<context>
    <name>d500::studio::StudioActions</name>
    <message>
        <source>&amp;Graph of the Model</source>
        <translation>&amp;Graph des Modells</translation>
    </message>
    <message>
        <source>The network run's ONNX model as a graph, coloured by where the time goes</source>
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
</context>
<context>
    <name>d500::studio::chart_export</name>
    <message>
        <source>%1: a DPI of %2 is outside 24 to 2400.</source>
        <translation>%1: eine Auflösung von %2 DPI liegt außerhalb von 24 bis 2400.</translation>
    </message>
    <message>
        <source>Could not write the PNG file %1.</source>
        <translation>Die PNG-Datei %1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Chart exported by d500 Studio</source>
        <translation>Von d500 Studio exportiertes Diagramm</translation>
    </message>
    <message>
        <source>Could not write the SVG file %1: %2.</source>
        <translation>Die SVG-Datei %1 konnte nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>Could not write the PDF file %1: %2.</source>
        <translation>Die PDF-Datei %1 konnte nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>Could not write the PDF file %1.</source>
        <translation>Die PDF-Datei %1 konnte nicht geschrieben werden.</translation>
    </message>
</context>
</TS>
