<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BoxStats</name>
    <message>
        <source>whiskers: %1 IQR (Tukey)</source>
        <translation>须线：%1 倍四分位距（Tukey）</translation>
    </message>
</context>
<context>
    <name>ComparisonTable</name>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>run %1 · %2</source>
        <translation>运行 %1 · %2</translation>
    </message>
    <message>
        <source>run %1 (not in the store)</source>
        <translation>运行 %1（不在结果库中）</translation>
    </message>
</context>
<context>
    <name>PluginCatalog</name>
    <message>
        <source>no operators</source>
        <translation>无算子</translation>
    </message>
    <message>
        <source>The runner&apos;s plugin list is not the expected JSON (%1)</source>
        <translation>运行器返回的插件列表不是预期的 JSON（%1）</translation>
    </message>
    <message numerus="yes">
        <source>operators: %n (%1 with backward), %2</source>
        <translation>
            <numerusform>%n 个算子（%1 个支持反向），%2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>executors: %n</source>
        <translation>
            <numerusform>执行器：%n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>optimizers: %n</source>
        <translation>
            <numerusform>优化器：%n</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Project</name>
    <message>
        <source>%1 is not a d500 project (no &quot;d500_project&quot; format number)</source>
        <translation>%1 不是 d500 项目（缺少 &quot;d500_project&quot; 格式编号）</translation>
    </message>
    <message>
        <source>%1 was written by a newer d500 (project format %2; this build reads %3). Opened what this version understands; saving may drop the rest.</source>
        <translation>%1 由更新版本的 d500 写入（项目格式 %2；本版本读取格式 %3）。已打开本版本能理解的部分；保存时其余部分可能丢失。</translation>
    </message>
    <message>
        <source>Cannot open the project %1: %2</source>
        <translation>无法打开项目 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (at offset %2: %3)</source>
        <translation>%1 不是有效的 JSON（偏移 %2 处：%3）</translation>
    </message>
    <message>
        <source>Cannot write the project %1: %2</source>
        <translation>无法写入项目 %1：%2</translation>
    </message>
</context>
<context>
    <name>ReportBuilder</name>
    <message>
        <source>No runs chosen for the report.</source>
        <translation>未为报告选择任何运行。</translation>
    </message>
    <message>
        <source>The store %1 does not exist.</source>
        <translation>结果库 %1 不存在。</translation>
    </message>
    <message>
        <source>Run %1 is not in the store %2.</source>
        <translation>运行 %1 不在结果库 %2 中。</translation>
    </message>
    <message>
        <source>d500 report — %1</source>
        <translation>d500 报告 — %1</translation>
    </message>
    <message>
        <source>d500 comparison — %1</source>
        <translation>d500 比较 — %1</translation>
    </message>
    <message>
        <source>Generated %1 by d500 Studio %2 from the store %3.</source>
        <translation>由 d500 Studio %2 于 %1 根据结果库 %3 生成。</translation>
    </message>
    <message>
        <source>Reading the store %1 failed: %2</source>
        <translation>读取结果库 %1 失败：%2</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>took</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>launcher</source>
        <translation>启动方式</translation>
    </message>
    <message>
        <source>experiment sha256</source>
        <translation>实验 sha256</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Baseline: %1. Speedup = baseline median / median (&gt; 1: faster than the baseline); verdict by a two-sided Mann-Whitney U test on the raw samples at alpha 0.05.</source>
        <translation>基准：%1。加速比 = 基准中位数 / 中位数（&gt; 1：比基准快）；结论由对原始样本的双侧 Mann-Whitney U 检验给出，alpha = 0.05。</translation>
    </message>
    <message>
        <source>Implementations of one run against its baseline %1. Speedup = baseline median / median; verdict by a two-sided Mann-Whitney U test on the raw samples at alpha 0.05.</source>
        <translation>单次运行中各实现与其基准 %1 的对比。加速比 = 基准中位数 / 中位数；结论由对原始样本的双侧 Mann-Whitney U 检验给出，alpha = 0.05。</translation>
    </message>
    <message>
        <source>point</source>
        <translation>测量点</translation>
    </message>
    <message>
        <source>implementation</source>
        <translation>实现</translation>
    </message>
    <message>
        <source>%1: median [CI]</source>
        <translation>%1：中位数 [置信区间]</translation>
    </message>
    <message>
        <source>%1: speedup, verdict (p)</source>
        <translation>%1：加速比，结论 (p)</translation>
    </message>
    <message>
        <source>%1: validation</source>
        <translation>%1：验证</translation>
    </message>
    <message>
        <source>%1x, %2 (p %3)</source>
        <translation>%1x，%2（p %3）</translation>
    </message>
    <message>
        <source>What changed in the environment</source>
        <translation>环境中的变化</translation>
    </message>
    <message>
        <source>%1: no environment recorded to compare.</source>
        <translation>%1：没有可供比较的环境记录。</translation>
    </message>
    <message>
        <source>%1: the same environment as the baseline.</source>
        <translation>%1：与基准环境相同。</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>median [95% CI]</source>
        <translation>中位数 [95% 置信区间]</translation>
    </message>
    <message>
        <source>±% CI</source>
        <translation>±% 置信区间</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>停止原因</translation>
    </message>
    <message>
        <source>CV</source>
        <translation>变异系数</translation>
    </message>
    <message>
        <source>Tukey outliers</source>
        <translation>Tukey 离群值</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>minor faults/call</source>
        <translation>次要缺页/调用</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>subject</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>tolerance</source>
        <translation>容差</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>Experiment file</source>
        <translation>实验文件</translation>
    </message>
    <message>
        <source>%1, sha256 %2</source>
        <translation>%1，sha256 %2</translation>
    </message>
</context>
<context>
    <name>RooflineChartModel</name>
    <message>
        <source>arithmetic intensity (FLOP/byte)</source>
        <translation>算术强度（FLOP/字节）</translation>
    </message>
    <message>
        <source>GFLOP/s (FLOP per call / median time per call)</source>
        <translation>GFLOP/s（每次调用的 FLOP / 每次调用时间的中位数）</translation>
    </message>
    <message>
        <source>roof (probe run %1): %2 GFLOP/s, %3 GB/s</source>
        <translation>屋顶（探测运行 %1）：%2 GFLOP/s，%3 GB/s</translation>
    </message>
    <message>
        <source>%1 GFLOP/s at %2 FLOP/byte (median %3)</source>
        <translation>%1 GFLOP/s，%2 FLOP/字节（中位数 %3）</translation>
    </message>
    <message>
        <source>%1% of the roof</source>
        <translation>达到屋顶的 %1%</translation>
    </message>
    <message>
        <source>validation: %1</source>
        <translation>验证：%1</translation>
    </message>
    <message>
        <source>flops, bytes: per call; median_ns: ns per call; intensity and gflops are derived (flops/bytes, flops/median_ns), the others as stored</source>
        <translation>flops、bytes：每次调用；median_ns：每次调用的纳秒数；intensity 和 gflops 为推导值（flops/bytes、flops/median_ns），其余为存储值</translation>
    </message>
    <message>
        <source>no probe of this machine in the store: run `d500 probe` to draw the roof</source>
        <translation>结果库中没有本机的探测数据：运行 `d500 probe` 以绘制屋顶</translation>
    </message>
</context>
<context>
    <name>RunCatalog</name>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>run %1 · %2</source>
        <translation>运行 %1 · %2</translation>
    </message>
</context>
<context>
    <name>RunCommand</name>
    <message>
        <source>The runner (d500) was not found; set D500_RUNNER to its path.</source>
        <translation>未找到运行器 (d500)；请将 D500_RUNNER 设置为其路径。</translation>
    </message>
    <message>
        <source>This experiment runs under MPI, but mpirun was not found on PATH (set D500_MPIRUN to its path).</source>
        <translation>此实验通过 MPI 运行，但在 PATH 中未找到 mpirun（请将 D500_MPIRUN 设置为其路径）。</translation>
    </message>
    <message>
        <source>The launcher &quot;%1&quot; cannot be started from the studio; submit the experiment with d500 on the cluster instead.</source>
        <translation>启动方式 &quot;%1&quot; 无法从工作台启动；请改为在集群上使用 d500 提交该实验。</translation>
    </message>
</context>
<context>
    <name>SeedBandChartModel</name>
    <message>
        <source>no per-seed series (a training run with several seeds has them)</source>
        <translation>没有按种子的序列（多种子的训练运行才有）</translation>
    </message>
    <message>
        <source>band: the median&apos;s confidence interval from the seeds&apos; order statistics; 95% needs 6 or more seeds, with fewer it is their range (coverage in the tooltip)</source>
        <translation>带：由各种子的顺序统计量得到的中位数置信区间；95% 需要至少 6 个种子，少于此时为其范围（覆盖率见提示）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>[rank %1]</source>
        <translation>[进程 %1]</translation>
    </message>
    <message>
        <source>%1: CI of the median (&gt;= %2% coverage, up to %3 seeds)</source>
        <translation>%1：中位数的置信区间（覆盖率 &gt;= %2%，最多 %3 个种子）</translation>
    </message>
    <message>
        <source>%1: median across seeds</source>
        <translation>%1：各种子的中位数</translation>
    </message>
    <message>
        <source>%1
step %2 · %3 seeds
median %4 · band [%5, %6] (%7% coverage)</source>
        <translation>%1
第 %2 步 · %3 个种子
中位数 %4 · 带 [%5, %6]（覆盖率 %7%）</translation>
    </message>
    <message>
        <source>step: count; median, band_low, band_high: the series&apos; own unit, from the stored per-seed values; coverage: probability that the band holds the median</source>
        <translation>step：计数；median、band_low、band_high：序列自身的单位，来自存储的各种子值；coverage：带包含中位数的概率</translation>
    </message>
</context>
<context>
    <name>SeriesChartModel</name>
    <message>
        <source>[rank %1]</source>
        <translation>[进程 %1]</translation>
    </message>
    <message>
        <source>wall time since the run started (s)</source>
        <translation>自运行开始的时间（秒）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>step %1 · %2 s</source>
        <translation>第 %1 步 · %2 秒</translation>
    </message>
    <message>
        <source>value %1</source>
        <translation>值 %1</translation>
    </message>
    <message>
        <source>smoothed %1</source>
        <translation>%1（平滑）</translation>
    </message>
    <message>
        <source>step: count; wall_time: s since the run started; value: the series&apos; own unit, as recorded by the run</source>
        <translation>step：计数；wall_time：自运行开始的秒数；value：该序列自身的单位，按运行记录</translation>
    </message>
</context>
<context>
    <name>StoreStatus</name>
    <message>
        <source>The result store %1 does not exist yet; the first run will create it.</source>
        <translation>结果库 %1 尚不存在；第一次运行时将创建它。</translation>
    </message>
    <message>
        <source>The result store %1 was written by a newer d500 and cannot be read by this version; its runs are not shown and new runs cannot be stored there. (%2)</source>
        <translation>结果库 %1 由更新版本的 d500 写入，本版本无法读取；其中的运行不会显示，新的运行也无法存入。（%2）</translation>
    </message>
    <message>
        <source>The result store %1 cannot be read: %2</source>
        <translation>无法读取结果库 %1：%2</translation>
    </message>
</context>
<context>
    <name>SweepAxis</name>
    <message>
        <source>sweep point</source>
        <translation>扫描点</translation>
    </message>
</context>
<context>
    <name>SweepChartModel</name>
    <message>
        <source>median time per call (%1), %2% CI bars</source>
        <translation>每次调用时间的中位数（%1），%2% 置信区间误差棒</translation>
    </message>
    <message>
        <source>median %1, n %2</source>
        <translation>中位数 %1，n %2</translation>
    </message>
    <message>
        <source>%1% CI [%2, %3]</source>
        <translation>%1% 置信区间 [%2, %3]</translation>
    </message>
    <message>
        <source>no valid CI (too few samples)</source>
        <translation>无有效置信区间（样本太少）</translation>
    </message>
    <message>
        <source>stop: %1</source>
        <translation>停止：%1</translation>
    </message>
    <message>
        <source>validation: %1</source>
        <translation>验证：%1</translation>
    </message>
    <message>
        <source>median, ci_lo, ci_hi: per call, in the row&apos;s unit (ns); ci_level: a fraction</source>
        <translation>median、ci_lo、ci_hi：每次调用，单位为该行的单位（ns）；ci_level：比例</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) stopped at a cap before the CI target: their bars are dashed</source>
        <translation>
            <numerusform>%n 个测量点在达到置信区间目标前因上限而停止：其误差棒以虚线显示</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s) failed or empty, not drawn (see the CSV)</source>
        <translation>
            <numerusform>%n 个测量失败或为空，未绘制（见 CSV）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimingsChartModel</name>
    <message>
        <source>time per call (%1) · %2</source>
        <translation>每次调用时间（%1）· %2</translation>
    </message>
    <message>
        <source>n %1 · median %2</source>
        <translation>n %1 · 中位数 %2</translation>
    </message>
    <message>
        <source>quartiles %1 – %2</source>
        <translation>四分位数 %1 – %2</translation>
    </message>
    <message>
        <source>whiskers %1 – %2 (%3)</source>
        <translation>须线 %1 – %2（%3）</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) beyond the whiskers</source>
        <translation>
            <numerusform>%n 个样本超出须线</numerusform>
        </translation>
    </message>
    <message>
        <source>value: one raw timing sample, per call, in the row&apos;s unit (ns)</source>
        <translation>value：每次调用的一个原始计时样本，单位为该行的单位（ns）</translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s) not drawn (at most %1 per run); the CSV holds them all</source>
        <translation>
            <numerusform>%n 个测量未绘制（每个运行最多 %1 个）；CSV 中包含全部</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ValidationSummary</name>
    <message>
        <source>not validated</source>
        <translation>未验证</translation>
    </message>
    <message numerus="yes">
        <source>ok (%n checks)</source>
        <translation>
            <numerusform>通过（%n 项检查）</numerusform>
        </translation>
    </message>
    <message>
        <source>FAILED: %1</source>
        <translation>失败：%1</translation>
    </message>
</context>
<context>
    <name>d500::studio::AboutDialog</name>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>unknown (%1 did not answer --version)</source>
        <translation>未知（%1 未响应 --version）</translation>
    </message>
    <message>
        <source>About d500 Studio</source>
        <translation>关于 d500 Studio</translation>
    </message>
    <message>
        <source>d500 Studio %1 (%2)</source>
        <translation>d500 Studio %1（%2）</translation>
    </message>
    <message>
        <source>Runner: %1</source>
        <translation>运行器：%1</translation>
    </message>
    <message>
        <source>Runner path: %1</source>
        <translation>运行器路径：%1</translation>
    </message>
    <message>
        <source>Qt: %1 (built with %2)</source>
        <translation>Qt：%1（构建时为 %2）</translation>
    </message>
    <message>
        <source>Compiler: %1</source>
        <translation>编译器：%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;A workbench for fair, statistically sound and reproducible deep learning benchmarks, after Deep500 (Ben-Nun et al., IPDPS&apos;19).&lt;/p&gt;</source>
        <translation>&lt;p&gt;用于公平、统计可靠且可复现的深度学习基准测试的工作台，源自 Deep500（Ben-Nun 等，IPDPS&apos;19）。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>d500::studio::ChartActions</name>
    <message>
        <source>No runs yet: the chart fills in when a run of this project stores results.</source>
        <translation>尚无运行：当本项目的运行存储结果后，图表将自动填充。</translation>
    </message>
    <message>
        <source>Show the chart to export in the current tab first.</source>
        <translation>请先在当前标签页中显示要导出的图表。</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Resolution (dots per inch):</source>
        <translation>分辨率（每英寸点数）：</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Export chart data</source>
        <translation>导出图表数据</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>There are no runs to report on yet.</source>
        <translation>尚无可生成报告的运行。</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>HTML page (*.html)</source>
        <translation>HTML 网页 (*.html)</translation>
    </message>
</context>
<context>
    <name>d500::studio::ChartControls</name>
    <message>
        <source>Series</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>Which series to draw</source>
        <translation>要绘制的序列</translation>
    </message>
    <message>
        <source>against step</source>
        <translation>按步数</translation>
    </message>
    <message>
        <source>against wall time</source>
        <translation>按时间</translation>
    </message>
    <message>
        <source>Log X</source>
        <translation>对数 X</translation>
    </message>
    <message>
        <source>Log Y</source>
        <translation>对数 Y</translation>
    </message>
    <message>
        <source> Smoothing </source>
        <translation> 平滑 </translation>
    </message>
    <message>
        <source>Exponential moving average weight; the raw line stays visible</source>
        <translation>指数移动平均权重；原始曲线保持可见</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Show all data (double click, or the 0 key)</source>
        <translation>显示全部数据（双击或按 0 键）</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>(no series yet)</source>
        <translation>（尚无序列）</translation>
    </message>
</context>
<context>
    <name>d500::studio::ChartPanel</name>
    <message>
        <source>The store %1 does not exist yet; the chart fills in when a run creates it.</source>
        <translation>结果库 %1 尚不存在；当运行创建它后图表将自动填充。</translation>
    </message>
    <message>
        <source>Cannot read the store %1: %2</source>
        <translation>无法读取结果库 %1：%2</translation>
    </message>
    <message>
        <source>Reading the store failed: %1</source>
        <translation>读取结果库失败：%1</translation>
    </message>
    <message>
        <source>Convergence</source>
        <translation>收敛</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Timing distributions</source>
        <translation>计时分布</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>%1 values</source>
        <translation>%1 个值</translation>
    </message>
    <message>
        <source>run %1 %2</source>
        <translation>运行 %1 %2</translation>
    </message>
    <message>
        <source>Export the chart as %1</source>
        <translation>将图表导出为 %1</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <source>Dots per inch:</source>
        <translation>每英寸点数：</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>%1: unknown image format; use .png, .svg or .pdf.</source>
        <translation>%1：未知的图像格式；请使用 .png、.svg 或 .pdf。</translation>
    </message>
    <message>
        <source>Nothing to export to %1: %2</source>
        <translation>没有可导出到 %1 的内容：%2</translation>
    </message>
    <message>
        <source>Could not write the CSV file %1: %2.</source>
        <translation>无法写入 CSV 文件 %1：%2。</translation>
    </message>
    <message>
        <source>Across seeds</source>
        <translation>跨种子</translation>
    </message>
</context>
<context>
    <name>d500::studio::CollectiveSection</name>
    <message>
        <source>Collective operations</source>
        <translation>集合通信操作</translation>
    </message>
    <message>
        <source>Smallest message (bytes)</source>
        <translation>最小消息（字节）</translation>
    </message>
    <message>
        <source>Largest message (bytes)</source>
        <translation>最大消息（字节）</translation>
    </message>
    <message>
        <source>Element type</source>
        <translation>元素类型</translation>
    </message>
</context>
<context>
    <name>d500::studio::CompareView</name>
    <message>
        <source>Runs to compare (the first checked is the baseline):</source>
        <translation>要比较的运行（第一个勾选的为基准）：</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>基准：</translation>
    </message>
    <message>
        <source>Report (HTML)…</source>
        <translation>报告 (HTML)…</translation>
    </message>
    <message>
        <source>Report (PDF)…</source>
        <translation>报告 (PDF)…</translation>
    </message>
    <message>
        <source>Measurements</source>
        <translation>测量</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1（%2，%3）</translation>
    </message>
    <message>
        <source>Check one run to compare its implementations, or several runs to compare them with the first.</source>
        <translation>勾选一个运行以比较其各个实现，或勾选多个运行以将它们与第一个进行比较。</translation>
    </message>
    <message>
        <source>The store %1 does not exist yet.</source>
        <translation>结果库 %1 尚不存在。</translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s) across %1 runs. Speedup = baseline median / median (&gt; 1: faster); verdict: two-sided Mann-Whitney U on the raw samples, alpha 0.05.</source>
        <translation>
            <numerusform>%1 个运行中共 %n 个测量。加速比 = 基准中位数 / 中位数（&gt; 1：更快）；结论：对原始样本的双侧 Mann-Whitney U 检验，alpha = 0.05。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>One run: %n point(s), each implementation against %1. Speedup = baseline median / median; verdict: two-sided Mann-Whitney U, alpha 0.05.</source>
        <translation>
            <numerusform>单个运行：%n 个测量点，每个实现均与 %1 比较。加速比 = 基准中位数 / 中位数；结论：双侧 Mann-Whitney U 检验，alpha = 0.05。</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the store %1 failed: %2</source>
        <translation>读取结果库 %1 失败：%2</translation>
    </message>
    <message>
        <source>Point</source>
        <translation>测量点</translation>
    </message>
    <message>
        <source>Implementation</source>
        <translation>实现</translation>
    </message>
    <message>
        <source>%1
median ± CI</source>
        <translation>%1
中位数 ± 置信区间</translation>
    </message>
    <message>
        <source>%1
speedup</source>
        <translation>%1
加速比</translation>
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
验证</translation>
    </message>
    <message>
        <source> (no CI)</source>
        <translation>（无置信区间）</translation>
    </message>
    <message>
        <source>%1% CI [%2, %3], n = %4, stop: %5</source>
        <translation>%1% 置信区间 [%2, %3]，n = %4，停止：%5</translation>
    </message>
    <message>
        <source>The CI did not reach its target.</source>
        <translation>置信区间未达到目标。</translation>
    </message>
    <message>
        <source>%1 (p %2, r %3)</source>
        <translation>%1（p %2，r %3）</translation>
    </message>
    <message>
        <source>Compared run</source>
        <translation>被比较的运行</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基准</translation>
    </message>
    <message>
        <source>This run</source>
        <translation>此运行</translation>
    </message>
    <message>
        <source>(one run: nothing to compare)</source>
        <translation>（只有一个运行：无可比较）</translation>
    </message>
    <message>
        <source>(identical environment)</source>
        <translation>（环境相同）</translation>
    </message>
    <message>
        <source>(no environment recorded)</source>
        <translation>（未记录环境）</translation>
    </message>
    <message>
        <source>Report as PDF</source>
        <translation>报告导出为 PDF</translation>
    </message>
    <message>
        <source>Report as HTML</source>
        <translation>报告导出为 HTML</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation>HTML 文件 (*.html)</translation>
    </message>
    <message>
        <source>Report failed</source>
        <translation>报告生成失败</translation>
    </message>
</context>
<context>
    <name>d500::studio::DistributedSection</name>
    <message>
        <source>Distributed</source>
        <translation>分布式</translation>
    </message>
    <message>
        <source>Scheme</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>model_averaging: average the models after every k-th step</source>
        <translation>model_averaging：每 k 步对模型取平均</translation>
    </message>
    <message>
        <source>Average every (steps)</source>
        <translation>平均间隔（步）</translation>
    </message>
    <message>
        <source>Sampler across ranks</source>
        <translation>跨进程采样器</translation>
    </message>
    <message>
        <source>Measure the 1-rank base case (speedup and efficiency)</source>
        <translation>测量单进程基准（加速比和效率）</translation>
    </message>
</context>
<context>
    <name>d500::studio::ExperimentActions</name>
    <message>
        <source>New experiment: pick an operator in the palette on the left.</source>
        <translation>新实验：请在左侧组件面板中选择一个算子。</translation>
    </message>
    <message>
        <source>Add experiment files</source>
        <translation>添加实验文件</translation>
    </message>
    <message>
        <source>Experiments (*.json);;All files (*)</source>
        <translation>实验 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save experiment as</source>
        <translation>实验另存为</translation>
    </message>
    <message>
        <source>Experiments (*.json)</source>
        <translation>实验 (*.json)</translation>
    </message>
    <message>
        <source>Select an experiment to run (in the project dock, or open it in the editor).</source>
        <translation>请选择要运行的实验（在项目面板中选择，或在编辑器中打开）。</translation>
    </message>
    <message>
        <source>%1 cannot run yet:
%2</source>
        <translation>%1 暂时无法运行：
%2</translation>
    </message>
    <message>
        <source>Queued %1</source>
        <translation>已加入队列：%1</translation>
    </message>
</context>
<context>
    <name>d500::studio::ExperimentDocument</name>
    <message>
        <source>Cannot open the experiment %1: %2</source>
        <translation>无法打开实验 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2</source>
        <translation>%1 不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>%1 does not hold an experiment (a JSON object)</source>
        <translation>%1 不包含实验（一个 JSON 对象）</translation>
    </message>
    <message>
        <source>Cannot write the experiment %1: %2</source>
        <translation>无法写入实验 %1：%2</translation>
    </message>
    <message>
        <source>(unnamed experiment)</source>
        <translation>（未命名实验）</translation>
    </message>
    <message>
        <source>Choose operator %1</source>
        <translation>选择算子 %1</translation>
    </message>
    <message>
        <source>Add implementation %1</source>
        <translation>添加实现 %1</translation>
    </message>
    <message>
        <source>Remove implementation %1</source>
        <translation>移除实现 %1</translation>
    </message>
    <message>
        <source>Add input</source>
        <translation>添加输入</translation>
    </message>
    <message>
        <source>Remove input %1</source>
        <translation>移除输入 %1</translation>
    </message>
    <message>
        <source>Remove attribute %1</source>
        <translation>移除属性 %1</translation>
    </message>
    <message>
        <source>Add host %1</source>
        <translation>添加主机 %1</translation>
    </message>
    <message>
        <source>Remove host</source>
        <translation>移除主机</translation>
    </message>
    <message>
        <source>Edit JSON</source>
        <translation>编辑 JSON</translation>
    </message>
    <message>
        <source>Make it a %1 experiment</source>
        <translation>改为 %1 实验</translation>
    </message>
    <message>
        <source>Choose %1 %2</source>
        <translation>选择 %1 %2</translation>
    </message>
</context>
<context>
    <name>d500::studio::ExperimentEditor</name>
    <message>
        <source>What the runner would reject; double-click to go to the field.</source>
        <translation>运行器会拒绝的内容；双击可跳转到对应字段。</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>No problems: the runner will accept this experiment.</source>
        <translation>没有问题：运行器将接受此实验。</translation>
    </message>
</context>
<context>
    <name>d500::studio::FieldBinding</name>
    <message>
        <source>Expected %1</source>
        <translation>应为%1</translation>
    </message>
    <message>
        <source>Not a valid value yet</source>
        <translation>尚不是有效的值</translation>
    </message>
</context>
<context>
    <name>d500::studio::GeneralSection</name>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>Operators (L0)</source>
        <translation>算子 (L0)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Networks (L1)</source>
        <translation>网络 (L1)</translation>
    </message>
    <message>
        <source>Training (L2)</source>
        <translation>训练 (L2)</translation>
    </message>
    <message>
        <source>Distributed training (L3)</source>
        <translation>分布式训练 (L3)</translation>
    </message>
    <message>
        <source>Collective communication (L3)</source>
        <translation>集合通信 (L3)</translation>
    </message>
    <message>
        <source>Changing the level replaces the level&apos;s sections with its defaults (undo brings them back).</source>
        <translation>更改层级会用默认值替换该层级的各部分（撤销可恢复）。</translation>
    </message>
</context>
<context>
    <name>d500::studio::ImplementationsSection</name>
    <message>
        <source>Implementations</source>
        <translation>实现</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基准</translation>
    </message>
    <message>
        <source>Pick an operator in the palette to see who implements it.</source>
        <translation>在组件面板中选择一个算子，即可查看有哪些实现。</translation>
    </message>
    <message>
        <source>%1 (not offered by any loaded plugin)</source>
        <translation>%1（没有已加载的插件提供）</translation>
    </message>
    <message>
        <source>(the first implementation)</source>
        <translation>（第一个实现）</translation>
    </message>
    <message>
        <source>%1 (not measured)</source>
        <translation>%1（未测量）</translation>
    </message>
</context>
<context>
    <name>d500::studio::JsonView</name>
    <message>
        <source>Not valid JSON yet: %1</source>
        <translation>尚不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>An experiment is a JSON object ({ ... }).</source>
        <translation>实验是一个 JSON 对象（{ ... }）。</translation>
    </message>
</context>
<context>
    <name>d500::studio::LauncherSection</name>
    <message>
        <source>Launcher</source>
        <translation>启动方式</translation>
    </message>
    <message>
        <source>local</source>
        <translation>本地</translation>
    </message>
    <message>
        <source>MPI (mpirun)</source>
        <translation>MPI（mpirun）</translation>
    </message>
    <message>
        <source>Slurm (submit with d500 on the cluster)</source>
        <translation>Slurm（在集群上用 d500 提交）</translation>
    </message>
    <message>
        <source>host name, e.g. node01 or node01:4</source>
        <translation>主机名，例如 node01 或 node01:4</translation>
    </message>
    <message>
        <source>Add host</source>
        <translation>添加主机</translation>
    </message>
    <message>
        <source>Remove host</source>
        <translation>移除主机</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>进程数</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>主机</translation>
    </message>
</context>
<context>
    <name>d500::studio::MainWindow</name>
    <message>
        <source>Open ONNX model</source>
        <translation>打开 ONNX 模型</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation>ONNX 模型 (*.onnx);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Run Queue</source>
        <translation>运行队列</translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation>插件</translation>
    </message>
    <message>
        <source>The new language applies when d500 Studio is started again.</source>
        <translation>新语言将在下次启动 d500 Studio 时生效。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>d500 projects (*.d500proj)</source>
        <translation>d500 项目 (*.d500proj)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save project as</source>
        <translation>项目另存为</translation>
    </message>
    <message>
        <source>untitled.d500proj</source>
        <translation>未命名.d500proj</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to the project and its experiments?</source>
        <translation>是否保存对项目及其实验的更改？</translation>
    </message>
    <message>
        <source>Runs in progress</source>
        <translation>运行进行中</translation>
    </message>
    <message>
        <source>Runs are still in progress. Cancel them and quit? (What they measured so far is kept.)</source>
        <translation>仍有运行在进行中。是否取消并退出？（已测得的数据会保留。）</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — d500 Studio</source>
        <translation>%1[*] — d500 Studio</translation>
    </message>
    <message>
        <source>No runs in progress</source>
        <translation>没有进行中的运行</translation>
    </message>
    <message>
        <source>Runs: %1 running, %2 queued</source>
        <translation>运行：%1 个进行中，%2 个排队中</translation>
    </message>
    <message>
        <source>d500 Studio</source>
        <translation>d500 Studio</translation>
    </message>
    <message numerus="yes">
        <source>Store: %1 (runs: %n)</source>
        <translation>
            <numerusform>结果库：%1（%n 个运行）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkSection</name>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Executors</source>
        <translation>执行器</translation>
    </message>
    <message>
        <source>e.g. 1, 16, 64</source>
        <translation>例如 1, 16, 64</translation>
    </message>
    <message>
        <source>Batch sizes</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Latency at batch 1</source>
        <translation>批大小 1 的延迟</translation>
    </message>
    <message>
        <source>Throughput per batch size</source>
        <translation>各批大小的吞吐量</translation>
    </message>
    <message>
        <source>Forward + backward</source>
        <translation>前向 + 反向</translation>
    </message>
    <message>
        <source>Per-node times</source>
        <translation>各节点时间</translation>
    </message>
    <message>
        <source>%1 (no loaded plugin offers it)</source>
        <translation>%1（没有已加载的插件提供）</translation>
    </message>
</context>
<context>
    <name>d500::studio::NumberValidator</name>
    <message>
        <source>an integer in [%1, %2]</source>
        <translation>区间 [%1, %2] 内的整数</translation>
    </message>
    <message>
        <source>a number in [%1, %2]</source>
        <translation>区间 [%1, %2] 内的数</translation>
    </message>
</context>
<context>
    <name>d500::studio::OperatorPalette</name>
    <message>
        <source>Filter, e.g. Conv</source>
        <translation>筛选，例如 Conv</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Operators (L0)</source>
        <translation>算子 (L0)</translation>
    </message>
    <message>
        <source>Plugins unavailable</source>
        <translation>插件不可用</translation>
    </message>
    <message>
        <source>Asking the runner which plugins it has...</source>
        <translation>正在向运行器查询可用插件...</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>%1 %2 from %3</source>
        <translation>%1 %2，来自 %3</translation>
    </message>
    <message numerus="yes">
        <source>implementations: %n</source>
        <translation>
            <numerusform>%n 个实现</numerusform>
        </translation>
    </message>
    <message>
        <source>Double-click an operator to benchmark it with every implementation, one implementation to add it, or a component to use it (the level changes when needed).</source>
        <translation>双击算子以用所有实现进行基准测试，双击某个实现以添加它，双击组件以使用它（必要时会切换层级）。</translation>
    </message>
    <message>
        <source>Networks (L1)</source>
        <translation>网络 (L1)</translation>
    </message>
    <message>
        <source>Executors</source>
        <translation>执行器</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Training (L2)</source>
        <translation>训练 (L2)</translation>
    </message>
    <message>
        <source>Datasets</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Samplers</source>
        <translation>采样器</translation>
    </message>
    <message>
        <source>Optimizers</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Distributed (L3)</source>
        <translation>分布式 (L3)</translation>
    </message>
    <message>
        <source>Distributed optimizers</source>
        <translation>分布式优化器</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Double-click to use it in the experiment</source>
        <translation>双击以在实验中使用</translation>
    </message>
    <message>
        <source>built in</source>
        <translation>内置</translation>
    </message>
</context>
<context>
    <name>d500::studio::OperatorSection</name>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>ONNX op type, or pick one in the palette</source>
        <translation>ONNX 算子类型，或在组件面板中选择</translation>
    </message>
    <message>
        <source>ai.onnx</source>
        <translation>ai.onnx</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>域</translation>
    </message>
    <message>
        <source>Element type</source>
        <translation>元素类型</translation>
    </message>
    <message>
        <source>Inputs (dimensions: integers or sweep variables, e.g. &quot;N, C, 64, 64&quot;)</source>
        <translation>输入（维度：整数或扫描变量，例如 &quot;N, C, 64, 64&quot;）</translation>
    </message>
    <message>
        <source>Add input</source>
        <translation>添加输入</translation>
    </message>
    <message>
        <source>Attributes (a value may name a sweep variable as &quot;$name&quot;)</source>
        <translation>属性（值可以用 &quot;$name&quot; 引用扫描变量）</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>value: 1, 1.0, [1, 1], $var, text</source>
        <translation>值：1、1.0、[1, 1]、$var、文本</translation>
    </message>
    <message>
        <source>Add attribute</source>
        <translation>添加属性</translation>
    </message>
    <message>
        <source>scalar (no dimensions)</source>
        <translation>标量（无维度）</translation>
    </message>
    <message>
        <source>Remove input %1</source>
        <translation>移除输入 %1</translation>
    </message>
    <message>
        <source>Input %1</source>
        <translation>输入 %1</translation>
    </message>
    <message>
        <source>Remove attribute %1</source>
        <translation>移除属性 %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::PluginListModel</name>
    <message>
        <source>(runner not available)</source>
        <translation>（运行器不可用）</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>已加载</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Library: %1</source>
        <translation>库：%1</translation>
    </message>
    <message>
        <source>Wraps: %1</source>
        <translation>封装：%1</translation>
    </message>
    <message>
        <source>Load error: %1</source>
        <translation>加载错误：%1</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>插件</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>ABI</source>
        <translation>ABI</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Capabilities or error</source>
        <translation>能力或错误</translation>
    </message>
</context>
<context>
    <name>d500::studio::PluginQuery</name>
    <message>
        <source>Cannot start the runner %1: %2</source>
        <translation>无法启动运行器 %1：%2</translation>
    </message>
    <message>
        <source>The runner (d500) was not found beside the studio nor on PATH; set D500_RUNNER to its path.</source>
        <translation>在工作台所在目录和 PATH 中均未找到运行器 (d500)；请将 D500_RUNNER 设置为其路径。</translation>
    </message>
    <message>
        <source>The runner crashed (signal %1) while listing plugins</source>
        <translation>运行器在列出插件时崩溃（信号 %1）</translation>
    </message>
</context>
<context>
    <name>d500::studio::PluginsDock</name>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Ask the runner again, e.g. after building or installing a plugin</source>
        <translation>再次询问运行器，例如在构建或安装插件之后</translation>
    </message>
    <message>
        <source>Search path: %1</source>
        <translation>搜索路径：%1</translation>
    </message>
</context>
<context>
    <name>d500::studio::ProjectController</name>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>The experiment file %1 does not exist; it is listed but cannot be opened.</source>
        <translation>实验文件 %1 不存在；它已列出但无法打开。</translation>
    </message>
    <message>
        <source>The project has not been saved yet; choose where with Save As.</source>
        <translation>项目尚未保存；请通过“另存为”选择保存位置。</translation>
    </message>
    <message>
        <source>No experiment %1 in the project</source>
        <translation>项目中没有实验 %1</translation>
    </message>
    <message>
        <source>Cannot create a temporary folder for the experiment: %1</source>
        <translation>无法为实验创建临时文件夹：%1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>d500::studio::ProjectTreeModel</name>
    <message>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Embedded in the project</source>
        <translation>嵌入在项目中</translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation>%1（缺失）</translation>
    </message>
    <message>
        <source>Other runs</source>
        <translation>其他运行</translation>
    </message>
    <message>
        <source>Runs in the store that belong to none of the project&apos;s experiments</source>
        <translation>结果库中不属于本项目任何实验的运行</translation>
    </message>
    <message>
        <source>Experiment / run</source>
        <translation>实验 / 运行</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message numerus="yes">
        <source>runs: %n</source>
        <translation>
            <numerusform>%n 个运行</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>d500::studio::PropertiesDock</name>
    <message>
        <source>Property</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>退出码</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>结束时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Launcher</source>
        <translation>启动方式</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Experiment file</source>
        <translation>实验文件</translation>
    </message>
    <message>
        <source>Experiment hash</source>
        <translation>实验哈希</translation>
    </message>
    <message>
        <source>Re-run of</source>
        <translation>重新运行自</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>(embedded in the project)</source>
        <translation>（嵌入在项目中）</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Implementations</source>
        <translation>实现</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>插件</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>ABI</source>
        <translation>ABI</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Load error</source>
        <translation>加载错误</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>库</translation>
    </message>
    <message>
        <source>Wraps</source>
        <translation>封装</translation>
    </message>
    <message>
        <source>Capabilities</source>
        <translation>能力</translation>
    </message>
</context>
<context>
    <name>d500::studio::RecentProjects</name>
    <message>
        <source>Clear list</source>
        <translation>清空列表</translation>
    </message>
</context>
<context>
    <name>d500::studio::RepetitionSection</name>
    <message>
        <source>Repetition</source>
        <translation>重复策略</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>publication (1% at 99%)</source>
        <translation>发表级（99% 置信度下 1%）</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Warm-up calls</source>
        <translation>预热调用次数</translation>
    </message>
    <message>
        <source>Warm-up seconds</source>
        <translation>预热秒数</translation>
    </message>
    <message>
        <source>Target relative CI</source>
        <translation>目标相对置信区间</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Minimum samples</source>
        <translation>最少样本数</translation>
    </message>
    <message>
        <source>Maximum samples</source>
        <translation>最多样本数</translation>
    </message>
    <message>
        <source>Maximum seconds</source>
        <translation>最长秒数</translation>
    </message>
</context>
<context>
    <name>d500::studio::ReportWriter</name>
    <message>
        <source>Could not write the report %1: %2.</source>
        <translation>无法写入报告 %1：%2。</translation>
    </message>
    <message>
        <source>Could not write the report %1.</source>
        <translation>无法写入报告 %1。</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunJob</name>
    <message>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>cancelling</source>
        <translation>正在取消</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>The runner did not stop within %1 s; killing it.</source>
        <translation>运行器未在 %1 秒内停止；正在强制终止。</translation>
    </message>
    <message>
        <source>cancelled before it started</source>
        <translation>在开始前已取消</translation>
    </message>
    <message>
        <source>Cancelling: asking the runner to stop (SIGTERM)...</source>
        <translation>正在取消：请求运行器停止（SIGTERM）...</translation>
    </message>
    <message>
        <source>Run #%1 started (%2)</source>
        <translation>运行 #%1 已开始（%2）</translation>
    </message>
    <message>
        <source>Run finished: %1%2</source>
        <translation>运行结束：%1%2</translation>
    </message>
    <message>
        <source>Cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>killed after the grace period</source>
        <translation>宽限期后已强制终止</translation>
    </message>
    <message>
        <source>stopped by signal %1</source>
        <translation>被信号 %1 停止</translation>
    </message>
    <message>
        <source>crashed (signal %1)</source>
        <translation>已崩溃（信号 %1）</translation>
    </message>
    <message>
        <source>The runner crashed with signal %1; what it committed to the store is kept.</source>
        <translation>运行器因信号 %1 崩溃；已提交到结果库的数据会保留。</translation>
    </message>
    <message>
        <source>The runner exited with code %1.</source>
        <translation>运行器以代码 %1 退出。</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>running %1/%2</source>
        <translation>运行中 %1/%2</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>正在启动</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunQueueDock</name>
    <message>
        <source>Select a run to see its log.</source>
        <translation>选择一个运行以查看其日志。</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>取消运行</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>清除已结束的</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunQueueModel</name>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
</context>
<context>
    <name>d500::studio::SetValueCommand</name>
    <message>
        <source>Set %1</source>
        <translation>设置 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>automatic: d500 beside the studio, or D500_RUNNER</source>
        <translation>自动：工作台旁的 d500，或 D500_RUNNER</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <source>The d500 runner</source>
        <translation>d500 运行器</translation>
    </message>
    <message>
        <source>Benchmarks running at the same time disturb each other&apos;s timings; keep 1 unless the runs do not measure time.</source>
        <translation>同时运行的基准测试会相互干扰计时；除非运行不测量时间，否则请保持为 1。</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Language (after restart)</source>
        <translation>语言（重启后生效）</translation>
    </message>
    <message>
        <source>Runner</source>
        <translation>运行器</translation>
    </message>
    <message>
        <source>Runs at once</source>
        <translation>同时运行数</translation>
    </message>
    <message>
        <source>Cancel: kill after</source>
        <translation>取消：强制终止等待</translation>
    </message>
</context>
<context>
    <name>d500::studio::StudioActions</name>
    <message>
        <source>&amp;Graph of the Model</source>
        <translation>模型图(&amp;G)</translation>
    </message>
    <message>
        <source>The network run's ONNX model as a graph, coloured by where the time goes</source>
        <translation>将网络运行的 ONNX 模型显示为图，按耗时着色</translation>
    </message>
    <message>
        <source>Open ONNX &amp;Model...</source>
        <translation>打开 ONNX 模型(&amp;M)...</translation>
    </message>
    <message>
        <source>Show an .onnx file as a graph</source>
        <translation>将 .onnx 文件显示为图</translation>
    </message>
    <message>
        <source>&amp;New Project</source>
        <translation>新建项目(&amp;N)</translation>
    </message>
    <message>
        <source>Start a new project</source>
        <translation>开始一个新项目</translation>
    </message>
    <message>
        <source>&amp;Open Project...</source>
        <translation>打开项目(&amp;O)...</translation>
    </message>
    <message>
        <source>Open a project file (*.d500proj)</source>
        <translation>打开项目文件 (*.d500proj)</translation>
    </message>
    <message>
        <source>&amp;Save Project</source>
        <translation>保存项目(&amp;S)</translation>
    </message>
    <message>
        <source>Save the project and its experiments</source>
        <translation>保存项目及其实验</translation>
    </message>
    <message>
        <source>Save Project &amp;As...</source>
        <translation>项目另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>Save the project under another name</source>
        <translation>以其他名称保存项目</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit d500 Studio</source>
        <translation>退出 d500 Studio</translation>
    </message>
    <message>
        <source>New &amp;Experiment</source>
        <translation>新建实验(&amp;E)</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Build a new experiment in the editor</source>
        <translation>在编辑器中构建新实验</translation>
    </message>
    <message>
        <source>&amp;Add Experiment File...</source>
        <translation>添加实验文件(&amp;A)...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Add an experiment file to the project</source>
        <translation>向项目添加实验文件</translation>
    </message>
    <message>
        <source>Save E&amp;xperiment</source>
        <translation>保存实验(&amp;X)</translation>
    </message>
    <message>
        <source>Ctrl+Alt+S</source>
        <translation>Ctrl+Alt+S</translation>
    </message>
    <message>
        <source>Save the experiment being edited</source>
        <translation>保存正在编辑的实验</translation>
    </message>
    <message>
        <source>Save Experiment As &amp;File...</source>
        <translation>实验另存为文件(&amp;F)...</translation>
    </message>
    <message>
        <source>Write the experiment being edited to a file of its own</source>
        <translation>将正在编辑的实验写入单独的文件</translation>
    </message>
    <message>
        <source>&amp;Remove Experiment from Project</source>
        <translation>从项目中移除实验(&amp;R)</translation>
    </message>
    <message>
        <source>Remove the selected experiment from the project (its file and runs stay)</source>
        <translation>从项目中移除所选实验（其文件和运行记录保留）</translation>
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
        <source>Ctrl+Y</source>
        <translation>Ctrl+Y</translation>
    </message>
    <message>
        <source>&amp;Settings...</source>
        <translation>设置(&amp;S)...</translation>
    </message>
    <message>
        <source>Language, runner and run queue settings</source>
        <translation>语言、运行器和运行队列设置</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <source>Run the current experiment (saved first) into the project&apos;s store</source>
        <translation>运行当前实验（先保存），结果写入项目的结果库</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <source>Shift+F5</source>
        <translation>Shift+F5</translation>
    </message>
    <message>
        <source>Stop the selected run (the runner keeps what it measured)</source>
        <translation>停止所选运行（运行器会保留已测得的数据）</translation>
    </message>
    <message>
        <source>Cancel &amp;All Runs</source>
        <translation>取消所有运行(&amp;A)</translation>
    </message>
    <message>
        <source>Stop every queued and running run</source>
        <translation>停止所有排队中和运行中的运行</translation>
    </message>
    <message>
        <source>&amp;Convergence Chart</source>
        <translation>收敛图(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation>Ctrl+1</translation>
    </message>
    <message>
        <source>Loss, accuracy and learning rate of the selected runs</source>
        <translation>所选运行的损失、准确率和学习率</translation>
    </message>
    <message>
        <source>&amp;Throughput Chart</source>
        <translation>吞吐量图(&amp;T)</translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation>Ctrl+2</translation>
    </message>
    <message>
        <source>Samples per second of the selected runs</source>
        <translation>所选运行每秒处理的样本数</translation>
    </message>
    <message>
        <source>T&amp;imings Chart</source>
        <translation>计时分布图(&amp;I)</translation>
    </message>
    <message>
        <source>Ctrl+3</source>
        <translation>Ctrl+3</translation>
    </message>
    <message>
        <source>Timing distributions of the selected runs</source>
        <translation>所选运行的计时分布</translation>
    </message>
    <message>
        <source>&amp;Sweep Chart</source>
        <translation>扫描图(&amp;S)</translation>
    </message>
    <message>
        <source>Ctrl+4</source>
        <translation>Ctrl+4</translation>
    </message>
    <message>
        <source>Medians with confidence intervals across the sweep</source>
        <translation>扫描范围内带置信区间的中位数</translation>
    </message>
    <message>
        <source>&amp;Roofline Chart</source>
        <translation>Roofline 图(&amp;R)</translation>
    </message>
    <message>
        <source>Ctrl+5</source>
        <translation>Ctrl+5</translation>
    </message>
    <message>
        <source>Operator results against the machine&apos;s measured peaks</source>
        <translation>算子结果与本机实测峰值的对比</translation>
    </message>
    <message>
        <source>Co&amp;mpare Runs</source>
        <translation>比较运行(&amp;M)</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>Compare the selected runs side by side</source>
        <translation>并排比较所选运行</translation>
    </message>
    <message>
        <source>&amp;Export Chart...</source>
        <translation>导出图表(&amp;E)...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export the current chart as PNG, SVG or PDF</source>
        <translation>将当前图表导出为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Export Chart &amp;Data (CSV)...</source>
        <translation>导出图表数据 (CSV)(&amp;D)...</translation>
    </message>
    <message>
        <source>Export the data behind the current chart as CSV</source>
        <translation>将当前图表背后的数据导出为 CSV</translation>
    </message>
    <message>
        <source>Export Report (&amp;HTML)...</source>
        <translation>导出报告 (HTML)(&amp;H)...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>A self-contained HTML report of the selected runs</source>
        <translation>所选运行的独立 HTML 报告</translation>
    </message>
    <message>
        <source>Export Report (&amp;PDF)...</source>
        <translation>导出报告 (PDF)(&amp;P)...</translation>
    </message>
    <message>
        <source>A PDF report of the selected runs</source>
        <translation>所选运行的 PDF 报告</translation>
    </message>
    <message>
        <source>Reload &amp;Plugins</source>
        <translation>重新加载插件(&amp;P)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <source>Ask the runner again which plugins it finds</source>
        <translation>再次询问运行器能找到哪些插件</translation>
    </message>
    <message>
        <source>&amp;About d500 Studio</source>
        <translation>关于 d500 Studio(&amp;A)</translation>
    </message>
    <message>
        <source>Versions of the studio, the runner and Qt</source>
        <translation>工作台、运行器和 Qt 的版本</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Recent &amp;Projects</source>
        <translation>最近的项目(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>图表(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Across S&amp;eeds Chart</source>
        <translation>跨种子图表(&amp;E)</translation>
    </message>
    <message>
        <source>Ctrl+6</source>
        <translation>Ctrl+6</translation>
    </message>
    <message>
        <source>Median across a training run&apos;s seeds with its confidence band</source>
        <translation>训练运行各种子的中位数及其置信带</translation>
    </message>
</context>
<context>
    <name>d500::studio::SweepSection</name>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>variable, e.g. N</source>
        <translation>变量，例如 N</translation>
    </message>
    <message>
        <source>values, e.g. 64, 128, 256</source>
        <translation>取值，例如 64, 128, 256</translation>
    </message>
    <message>
        <source>Add variable</source>
        <translation>添加变量</translation>
    </message>
    <message>
        <source>%1 explicit points × %2 sweep combinations</source>
        <translation>%1 个显式点 × %2 种扫描组合</translation>
    </message>
    <message>
        <source>the problem list %1 × %2 sweep combinations</source>
        <translation>问题列表 %1 × %2 种扫描组合</translation>
    </message>
    <message>
        <source>Remove sweep variable %1</source>
        <translation>移除扫描变量 %1</translation>
    </message>
    <message numerus="yes">
        <source>measurement points per implementation: %n</source>
        <translation>
            <numerusform>每个实现 %n 个测量点</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>d500::studio::SweepVariableCommand</name>
    <message>
        <source>Add sweep variable %1</source>
        <translation>添加扫描变量 %1</translation>
    </message>
    <message>
        <source>Remove sweep variable %1</source>
        <translation>移除扫描变量 %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::TrainingSection</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>none; e.g. ../recipes/fashion_mnist_mlp.json</source>
        <translation>无；例如 ../recipes/fashion_mnist_mlp.json</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>MLP hidden widths, e.g. 256, 128</source>
        <translation>MLP 隐藏层宽度，例如 256, 128</translation>
    </message>
    <message>
        <source>Hidden layers</source>
        <translation>隐藏层</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>执行器</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Sampler</source>
        <translation>采样器</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Seeds</source>
        <translation>种子数</translation>
    </message>
    <message>
        <source>Target test accuracy</source>
        <translation>目标测试准确率</translation>
    </message>
    <message>
        <source>Evaluate every (steps)</source>
        <translation>评估间隔（步）</translation>
    </message>
    <message>
        <source>Wall-time limit (s)</source>
        <translation>时间上限（秒）</translation>
    </message>
</context>
<context>
    <name>d500::studio::WorkspaceTabs</name>
    <message>
        <source>Embedded in the project</source>
        <translation>嵌入在项目中</translation>
    </message>
    <message>
        <source>Compare %1</source>
        <translation>比较 %1</translation>
    </message>
    <message>
        <source>Unsaved experiment</source>
        <translation>未保存的实验</translation>
    </message>
    <message>
        <source>Save the changes to %1?</source>
        <translation>是否保存对 %1 的更改？</translation>
    </message>
</context>
<context>
    <name>d500::studio::chart_export</name>
    <message>
        <source>%1: a DPI of %2 is outside 24 to 2400.</source>
        <translation>%1：%2 DPI 超出 24 到 2400 的范围。</translation>
    </message>
    <message>
        <source>Could not write the PNG file %1.</source>
        <translation>无法写入 PNG 文件 %1。</translation>
    </message>
    <message>
        <source>Chart exported by d500 Studio</source>
        <translation>由 d500 Studio 导出的图表</translation>
    </message>
    <message>
        <source>Could not write the SVG file %1: %2.</source>
        <translation>无法写入 SVG 文件 %1：%2。</translation>
    </message>
    <message>
        <source>Could not write the PDF file %1: %2.</source>
        <translation>无法写入 PDF 文件 %1：%2。</translation>
    </message>
    <message>
        <source>Could not write the PDF file %1.</source>
        <translation>无法写入 PDF 文件 %1。</translation>
    </message>
</context>
</TS>
