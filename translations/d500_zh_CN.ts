<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AttributeText</name>
    <message>
        <source>(a tensor)</source>
        <translation>（张量）</translation>
    </message>
    <message>
        <source>%1 is a %2 attribute, which the editor cannot set</source>
        <translation>%1 是 %2 类型的属性，编辑器无法设置</translation>
    </message>
    <message>
        <source>a whole number, e.g. 1</source>
        <translation>一个整数，例如 1</translation>
    </message>
    <message>
        <source>a number, e.g. 0.5</source>
        <translation>一个数，例如 0.5</translation>
    </message>
    <message>
        <source>whole numbers separated by commas, e.g. 1, 1</source>
        <translation>以逗号分隔的整数，例如 1, 1</translation>
    </message>
    <message>
        <source>numbers separated by commas, e.g. 0.5, 1</source>
        <translation>以逗号分隔的数，例如 0.5, 1</translation>
    </message>
    <message>
        <source>“%1” is not a value for %2: expected %3</source>
        <translation>“%1”不是 %2 的有效值：应为%3</translation>
    </message>
</context>
<context>
    <name>BoxStats</name>
    <message>
        <source>whiskers: %1 IQR (Tukey)</source>
        <translation>须线：%1 倍四分位距（Tukey）</translation>
    </message>
</context>
<context>
    <name>CanvasTemplates</name>
    <message>
        <source>Compare implementations of an operator</source>
        <translation>比较一个算子的各实现</translation>
    </message>
    <message>
        <source>Compare executors on a model</source>
        <translation>在一个模型上比较执行器</translation>
    </message>
    <message>
        <source>Time-to-accuracy of an optimizer over seeds</source>
        <translation>优化器在多个随机种子下达到目标准确率的时间</translation>
    </message>
    <message>
        <source>Distributed scheme scaling</source>
        <translation>分布式方案的扩展性</translation>
    </message>
    <message>
        <source>Gemm on the reference and torch implementations over N</source>
        <translation>Gemm：参考实现与 torch 实现，随 N 变化</translation>
    </message>
    <message>
        <source>LeNet on the reference and torch executors</source>
        <translation>LeNet：参考执行器与 torch 执行器</translation>
    </message>
    <message>
        <source>The MLP on Fashion-MNIST to 85% test accuracy with torch Adam, over 3 seeds</source>
        <translation>在 Fashion-MNIST 上用 torch Adam 训练 MLP 至 85% 测试准确率，共 3 个随机种子</translation>
    </message>
    <message>
        <source>Allreduce SGD on 2 ranks against the 1-rank baseline</source>
        <translation>2 个进程上的 Allreduce SGD，与单进程基准对比</translation>
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
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>machine load (conditions differ)</source>
        <translation>机器负载（条件不同）</translation>
    </message>
</context>
<context>
    <name>CoreText</name>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message numerus="yes">
        <source>target never reached (%n seed(s))</source>
        <translation>
            <numerusform>从未达到目标（%n 个种子）</numerusform>
        </translation>
    </message>
    <message>
        <source>median %1 s</source>
        <translation>中位数 %1 秒</translation>
    </message>
    <message>
        <source> [%1, %2]</source>
        <translation> [%1, %2]</translation>
    </message>
    <message>
        <source> over %1 of %2 seeds</source>
        <translation>，%2 个种子中的 %1 个</translation>
    </message>
    <message>
        <source>; olympic mean %1 s</source>
        <translation>；奥林匹克均值 %1 秒</translation>
    </message>
    <message>
        <source>missing (required)</source>
        <translation>缺失（必填）</translation>
    </message>
    <message>
        <source>unknown key (expected one of: %1)</source>
        <translation>未知的键（应为以下之一：%1）</translation>
    </message>
    <message>
        <source>expected a string, got %1 %2</source>
        <translation>应为字符串，实际为 %1 %2</translation>
    </message>
    <message>
        <source>expected true or false, got %1 %2</source>
        <translation>应为 true 或 false，实际为 %1 %2</translation>
    </message>
    <message>
        <source>expected an integer &gt;= 0, got %1 %2</source>
        <translation>应为 &gt;= 0 的整数，实际为 %1 %2</translation>
    </message>
    <message>
        <source>expected an integer, got %1 %2</source>
        <translation>应为整数，实际为 %1 %2</translation>
    </message>
    <message>
        <source>expected a number, got %1 %2</source>
        <translation>应为数字，实际为 %1 %2</translation>
    </message>
    <message>
        <source>expected an object, got %1 %2</source>
        <translation>应为对象，实际为 %1 %2</translation>
    </message>
    <message>
        <source>expected a value in [%1, %2], got %3</source>
        <translation>应为 [%1, %2] 内的值，实际为 %3</translation>
    </message>
    <message>
        <source>expected a JSON object at the top level</source>
        <translation>顶层应为 JSON 对象</translation>
    </message>
    <message>
        <source>expected format 1, got %1</source>
        <translation>应为格式 1，实际为 %1</translation>
    </message>
    <message>
        <source>expected the format version (an integer), got %1 %2</source>
        <translation>应为格式版本（整数），实际为 %1 %2</translation>
    </message>
    <message>
        <source>expected a non-empty array of values, got %1 %2</source>
        <translation>应为非空的值数组，实际为 %1 %2</translation>
    </message>
    <message>
        <source>expected an array of shapes, got %1 %2</source>
        <translation>应为形状数组，实际为 %1 %2</translation>
    </message>
    <message>
        <source>expected a shape (array of dimensions), got %1 %2</source>
        <translation>应为形状（维度数组），实际为 %1 %2</translation>
    </message>
    <message>
        <source>expected a dimension &gt;= 0 or the name of a sweep variable, got %1 %2</source>
        <translation>应为 &gt;= 0 的维度或扫描变量名，实际为 %1 %2</translation>
    </message>
    <message>
        <source>level &quot;%1&quot; is not part of this build</source>
        <translation>级别“%1”不在此构建中</translation>
    </message>
    <message>
        <source>unknown plugin &quot;%1&quot; (plugins found: %2; search path: see `d500 plugins`)</source>
        <translation>未知插件“%1”（已找到的插件：%2；搜索路径：见 `d500 plugins`）</translation>
    </message>
    <message>
        <source>plugin &quot;%1&quot; cannot be used: %2</source>
        <translation>插件“%1”无法使用：%2</translation>
    </message>
    <message>
        <source>plugin &quot;%1&quot; cannot be loaded: %2</source>
        <translation>插件“%1”无法加载：%2</translation>
    </message>
    <message>
        <source>no plugin &quot;%1&quot; to validate against (see `d500 plugins`)</source>
        <translation>没有可用于验证的插件“%1”（见 `d500 plugins`）</translation>
    </message>
    <message>
        <source>the store&apos;s folder &quot;%1&quot; does not exist (the run would write its results to &quot;%2&quot;)</source>
        <translation>存储的文件夹“%1”不存在（运行会将结果写入“%2”）</translation>
    </message>
    <message>
        <source>the store&apos;s folder &quot;%1&quot; is not writable (the run would write its results to &quot;%2&quot;)</source>
        <translation>存储的文件夹“%1”不可写（运行会将结果写入“%2”）</translation>
    </message>
    <message>
        <source>%1 takes %2 (%3), the experiment gives %4</source>
        <translation>%1 接受 %2（%3），实验给出 %4 个</translation>
    </message>
    <message>
        <source>stopped: %1 (%2); %3 steps in %4 s</source>
        <translation>已停止：%1（%2）；%4 秒内 %3 步</translation>
    </message>
    <message>
        <source>stopped: %1; %2 steps in %3 s</source>
        <translation>已停止：%1；%3 秒内 %2 步</translation>
    </message>
    <message>
        <source>ranks do not differ (Kruskal-Wallis H = %1, df %2, p = %3, alpha 0.05)</source>
        <translation>各 rank 之间无差异（Kruskal-Wallis H = %1，自由度 %2，p = %3，alpha 0.05）</translation>
    </message>
    <message>
        <source>ranks differ (Kruskal-Wallis H = %1, df %2, p = %3, alpha 0.05)</source>
        <translation>各 rank 之间存在差异（Kruskal-Wallis H = %1，自由度 %2，p = %3，alpha 0.05）</translation>
    </message>
    <message>
        <source>one rank: nothing to compare</source>
        <translation>只有一个 rank：无可比较</translation>
    </message>
    <message>
        <source>%1 is fixed by recipe &quot;%2&quot; to %3, this run uses %4</source>
        <translation>%1 被配方“%2”固定为 %3，本次运行使用 %4</translation>
    </message>
    <message>
        <source>%1 of %2 seeds never reached %3% test accuracy</source>
        <translation>%2 个种子中有 %1 个从未达到 %3% 测试准确率</translation>
    </message>
    <message>
        <source>rank 0 never reached %1% test accuracy</source>
        <translation>rank 0 从未达到 %1% 测试准确率</translation>
    </message>
    <message>
        <source>wall time limit %1 s</source>
        <translation>墙钟时间限制 %1 秒</translation>
    </message>
    <message>
        <source>loss %1 at step %2</source>
        <translation>第 %2 步的损失为 %1</translation>
    </message>
    <message>
        <source>converged</source>
        <translation>已收敛</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>epochs</source>
        <translation>轮数已满</translation>
    </message>
    <message>
        <source>faster</source>
        <translation>更快</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>max_samples</source>
        <translation>达到最大样本数</translation>
    </message>
    <message>
        <source>max_time</source>
        <translation>达到最长时间</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>once</source>
        <translation>一次</translation>
    </message>
    <message>
        <source>with the operator</source>
        <translation>随算子</translation>
    </message>
    <message>
        <source>target reached</source>
        <translation>已达到目标</translation>
    </message>
    <message>
        <source>time limit</source>
        <translation>时间限制</translation>
    </message>
    <message>
        <source>diverged</source>
        <translation>已发散</translation>
    </message>
    <message>
        <source>slower</source>
        <translation>更慢</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>synchronous SGD: gradients averaged over all ranks before every step</source>
        <translation>同步 SGD：每一步之前在所有进程上对梯度求平均</translation>
    </message>
    <message>
        <source>synchronous parameter server: gradients summed to the root, its model broadcast</source>
        <translation>同步参数服务器：梯度汇总到根进程，再广播其模型</translation>
    </message>
    <message>
        <source>asynchronous parameter server: workers push gradients, the root applies them as they come</source>
        <translation>异步参数服务器：工作进程推送梯度，根进程在到达时即应用</translation>
    </message>
    <message>
        <source>local SGD: each rank steps alone, the models averaged every average_every steps</source>
        <translation>本地 SGD：每个进程独立训练，每 average_every 步对模型求平均</translation>
    </message>
    <message>
        <source>decentralized SGD on a ring: each rank averages its model with its neighbours&apos;</source>
        <translation>环上的去中心化 SGD：每个进程与其邻居的模型求平均</translation>
    </message>
    <message>
        <source>expected calibration error of the epoch&apos;s training predictions (0: calibrated)</source>
        <translation>本轮训练预测的期望校准误差（0：完全校准）</translation>
    </message>
    <message>
        <source>unknown metric &quot;%1&quot;; known: %2 (a plugin&apos;s is &quot;plugin/name&quot;, from a plugin on the search path)</source>
        <translation>未知指标“%1”；已知：%2（插件的指标写作“plugin/name”，来自搜索路径中的插件）</translation>
    </message>
</context>
<context>
    <name>CsvExport</name>
    <message>
        <source>Could not write the CSV file %1: %2.</source>
        <translation>无法写入 CSV 文件 %1：%2。</translation>
    </message>
</context>
<context>
    <name>DisplayNames</name>
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
        <source>operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>distributed</source>
        <translation>分布式</translation>
    </message>
    <message>
        <source>collective</source>
        <translation>集合通信</translation>
    </message>
</context>
<context>
    <name>DistributedDashboardKind</name>
    <message>
        <source>Distributed training</source>
        <translation>分布式训练</translation>
    </message>
    <message>
        <source>&lt;p&gt;Critical path (per step the slowest rank): %1, n = %2.&lt;/p&gt;</source>
        <translation>&lt;p&gt;关键路径（每步中最慢的进程）：%1，n = %2。&lt;/p&gt;</translation>
    </message>
    <message>
        <source> (n too small for a CI)</source>
        <translation>（n 太小，无法给出置信区间）</translation>
    </message>
    <message>
        <source>step time %1; communication %2, computation %3</source>
        <translation>步时间 %1；通信 %2，计算 %3</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Ranks&lt;/h3&gt;&lt;p&gt;No rank has reported yet.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;进程&lt;/h3&gt;&lt;p&gt;尚无进程报告数据。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Per rank</source>
        <translation>各进程</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>final test</source>
        <translation>最终测试准确率</translation>
    </message>
    <message>
        <source>comm bytes</source>
        <translation>通信字节数</translation>
    </message>
    <message>
        <source>comm share</source>
        <translation>通信占比</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 (p = %2): %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1（p = %2）：%3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;No difference&lt;/b&gt; between the ranks&apos; step times</source>
        <translation>各进程的步时间&lt;b&gt;无差异&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:#c62828&quot;&gt;The ranks&apos; step times differ&lt;/b&gt;</source>
        <translation>&lt;b style=&quot;color:#c62828&quot;&gt;各进程的步时间存在差异&lt;/b&gt;</translation>
    </message>
    <message>
        <source>compliant</source>
        <translation>符合</translation>
    </message>
    <message>
        <source>not compliant: %1</source>
        <translation>不符合：%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;No Kruskal-Wallis test stored.&lt;/p&gt;</source>
        <translation>&lt;p&gt;未存储 Kruskal-Wallis 检验。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Step time across ranks (Kruskal-Wallis)</source>
        <translation>各进程的步时间（Kruskal-Wallis）</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展性</translation>
    </message>
    <message>
        <source>No base case stored (set &quot;scaling_baseline&quot;: true).</source>
        <translation>未存储单进程基准（请设置 &quot;scaling_baseline&quot;: true）。</translation>
    </message>
    <message>
        <source>Scaling against one rank</source>
        <translation>相对单进程的扩展性</translation>
    </message>
    <message>
        <source>Speedup &lt;b&gt;%1&lt;/b&gt;%2, efficiency &lt;b&gt;%3&lt;/b&gt;%4 (95%, Bonferroni over the two medians); %5 samples/s on %6 ranks against %7 on one (the same batch per rank; the base case ran alone on rank 0).</source>
        <translation>加速比 &lt;b&gt;%1&lt;/b&gt;%2，效率 &lt;b&gt;%3&lt;/b&gt;%4（95%，对两个中位数做 Bonferroni 校正）；%6 个进程上为 %5 样本/秒，单进程上为 %7（每个进程的批相同；单进程基准单独运行于进程 0）。</translation>
    </message>
</context>
<context>
    <name>ExampleFiles</name>
    <message>
        <source>Cannot copy the example %1 to %2</source>
        <translation>无法将示例 %1 复制到 %2</translation>
    </message>
    <message>
        <source>The examples were not found (set D500_RESOURCES_DIR to the folder holding examples/).</source>
        <translation>未找到示例（请将 D500_RESOURCES_DIR 设为包含 examples/ 的文件夹）。</translation>
    </message>
</context>
<context>
    <name>HeadlessExport</name>
    <message>
        <source>it holds no runs</source>
        <translation>其中没有运行</translation>
    </message>
    <message>
        <source>its runs are %1..%2</source>
        <translation>其中的运行为 %1..%2</translation>
    </message>
    <message>
        <source>no runs in %1 yet</source>
        <translation>%1 中尚无运行</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a run id (a positive integer or &quot;latest&quot;; `d500 runs` lists them)</source>
        <translation>&quot;%1&quot; 不是运行 ID（应为正整数或 &quot;latest&quot;；`d500 runs` 可列出所有运行）</translation>
    </message>
    <message>
        <source>no run %1 in %2 (%3)</source>
        <translation>%2 中没有运行 %1（%3）</translation>
    </message>
    <message>
        <source>--report and --dashboard need the runs to export</source>
        <translation>--report 和 --dashboard 需要指定要导出的运行</translation>
    </message>
    <message>
        <source>--report and --dashboard are two exports; choose one</source>
        <translation>--report 和 --dashboard 是两种导出；请选择其一</translation>
    </message>
    <message>
        <source>%1 needs --store FILE, the result store to read</source>
        <translation>%1 需要 --store FILE，即要读取的结果库</translation>
    </message>
    <message>
        <source>%1 needs -o FILE, the file to write (%2)</source>
        <translation>%1 需要 -o FILE，即要写入的文件（%2）</translation>
    </message>
    <message>
        <source>-o %1: a report is written as .html or .pdf</source>
        <translation>-o %1：报告只能写为 .html 或 .pdf</translation>
    </message>
    <message>
        <source>-o %1: a dashboard is written as .png or .svg</source>
        <translation>-o %1：仪表板只能写为 .png 或 .svg</translation>
    </message>
    <message>
        <source>--dashboard %1: a dashboard shows one run</source>
        <translation>--dashboard %1：一个仪表板只显示一个运行</translation>
    </message>
    <message>
        <source>--size applies to --dashboard, not to a report</source>
        <translation>--size 仅适用于 --dashboard，不适用于报告</translation>
    </message>
    <message>
        <source>--size %1: expected WIDTHxHEIGHT in pixels, each 200 to 10000 (e.g. 1600x1000)</source>
        <translation>--size %1：应为 宽x高（像素），各为 200 到 10000（例如 1600x1000）</translation>
    </message>
    <message>
        <source>run %1 in %2 is of the level &quot;%3&quot;, which has no dashboard</source>
        <translation>%2 中的运行 %1 属于层级 &quot;%3&quot;，该层级没有仪表板</translation>
    </message>
    <message>
        <source>store %1: cannot open: no such file</source>
        <translation>结果库 %1：无法打开：文件不存在</translation>
    </message>
    <message>
        <source>store %1: %2</source>
        <translation>结果库 %1：%2</translation>
    </message>
</context>
<context>
    <name>HistoryChart</name>
    <message>
        <source>run, in the order they started</source>
        <translation>运行（按开始顺序）</translation>
    </message>
    <message>
        <source>run, ordered by %1</source>
        <translation>运行（按 %1 排序）</translation>
    </message>
    <message>
        <source>%1 (runs %2 → %3)</source>
        <translation>%1（运行 %2 → %3）</translation>
    </message>
    <message>
        <source>median of a run, with its 95% CI</source>
        <translation>单次运行的中位数及其 95% 置信区间</translation>
    </message>
    <message>
        <source>change point (click it for its details)</source>
        <translation>变化点（点击查看详情）</translation>
    </message>
    <message>
        <source>median (%1)</source>
        <translation>中位数（%1）</translation>
    </message>
</context>
<context>
    <name>MetricPanels</name>
    <message>
        <source>%1 per step</source>
        <translation>%1（每步）</translation>
    </message>
    <message>
        <source>%1 per epoch</source>
        <translation>%1（每轮）</translation>
    </message>
</context>
<context>
    <name>MetricsSummary</name>
    <message>
        <source>lower is better</source>
        <translation>越低越好</translation>
    </message>
    <message>
        <source>higher is better</source>
        <translation>越高越好</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>last epoch</source>
        <translation>最后一轮</translation>
    </message>
    <message>
        <source>per step</source>
        <translation>每步</translation>
    </message>
    <message>
        <source>Computing them takes part of the step profile&apos;s events phase.</source>
        <translation>计算它们的时间计入步骤剖析中的 events 阶段。</translation>
    </message>
</context>
<context>
    <name>OpenTarget</name>
    <message>
        <source>Give one project or store to open, not %1.</source>
        <translation>请只指定一个要打开的项目或存储，而不是 %1 个。</translation>
    </message>
    <message>
        <source>Two stores given: %1 and %2.</source>
        <translation>指定了两个存储：%1 和 %2。</translation>
    </message>
    <message>
        <source>Two projects given: %1 and %2.</source>
        <translation>指定了两个项目：%1 和 %2。</translation>
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
    <message numerus="yes">
        <source>distributed schemes: %n</source>
        <translation>
            <numerusform>分布式方案：%n</numerusform>
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
    <message>
        <source>Cannot open the project %1: it is not a regular file</source>
        <translation>无法打开项目 %1：它不是普通文件</translation>
    </message>
    <message>
        <source>Cannot open the project %1: it is %2 bytes; at most %3 are read</source>
        <translation>无法打开项目 %1：其大小为 %2 字节；最多只读取 %3 字节</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Share of the time of %1 (%2)</source>
        <translation>%1 中的时间占比（%2）</translation>
    </message>
    <message>
        <source>Bytes moved per call, %1 (%2)</source>
        <translation>每次调用移动的字节数，%1（%2）</translation>
    </message>
    <message>
        <source>Validation error against the reference (%1)</source>
        <translation>相对参考实现的验证误差（%1）</translation>
    </message>
    <message>
        <source> &lt;i&gt;(weight)&lt;/i&gt;</source>
        <translation> &lt;i&gt;（权重）&lt;/i&gt;</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Validation against the reference</source>
        <translation>相对参考实现的验证</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>operator &lt;b&gt;%1&lt;/b&gt;%2</source>
        <translation>算子 &lt;b&gt;%1&lt;/b&gt;%2</translation>
    </message>
    <message>
        <source>graph input</source>
        <translation>图输入</translation>
    </message>
    <message>
        <source>graph output</source>
        <translation>图输出</translation>
    </message>
    <message>
        <source>Measurements</source>
        <translation>测量</translation>
    </message>
    <message>
        <source>No run: open the graph from a network run to see per-node times.</source>
        <translation>没有运行：请从网络运行中打开图，以查看各节点时间。</translation>
    </message>
    <message>
        <source>not measured (no per-node time stored for this node)</source>
        <translation>未测量（未存储该节点的时间）</translation>
    </message>
    <message>
        <source>executor</source>
        <translation>执行器</translation>
    </message>
    <message>
        <source>group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>传播</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>95% CI</source>
        <translation>95% 置信区间</translation>
    </message>
    <message>
        <source>share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source> &lt;i&gt;(constant %1)&lt;/i&gt;</source>
        <translation> &lt;i&gt;（常量 %1）&lt;/i&gt;</translation>
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
        <source>%1x, %2 (p %3)</source>
        <translation>%1x，%2（p %3）</translation>
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
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>验证</translation>
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
        <source>%1, sha256 %2</source>
        <translation>%1，sha256 %2</translation>
    </message>
    <message>
        <source>%1: median [95% CI]</source>
        <translation>%1：中位数 [95% 置信区间]</translation>
    </message>
    <message>
        <source>%1 vs A: speedup, verdict (p)</source>
        <translation>%1 对比 A：加速比，结论 (p)</translation>
    </message>
    <message>
        <source>what changed</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>What changed in the environment: %1</source>
        <translation>环境中的变化：%1</translation>
    </message>
    <message>
        <source>Dashboards</source>
        <translation>仪表板</translation>
    </message>
    <message>
        <source>The runs overlaid</source>
        <translation>各运行叠加显示</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>runs %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>outliers</source>
        <translation>离群值</translation>
    </message>
    <message>
        <source>faults/call</source>
        <translation>缺页/调用</translation>
    </message>
    <message>
        <source>outliers: Tukey&apos;s fences; faults/call: minor page faults per call; ±% CI: half the 95% confidence interval of the median, in % of it.</source>
        <translation>离群值：Tukey 围栏法；缺页/调用：每次调用的次要缺页次数；±% 置信区间：中位数 95% 置信区间宽度的一半，以占中位数的百分比表示。</translation>
    </message>
    <message>
        <source>checks passed</source>
        <translation>通过的检查数</translation>
    </message>
    <message>
        <source>largest value</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>at</source>
        <translation>出现于</translation>
    </message>
    <message>
        <source>Failed checks (%1)</source>
        <translation>未通过的检查（%1）</translation>
    </message>
    <message>
        <source>Passed checks</source>
        <translation>通过的检查</translation>
    </message>
    <message>
        <source>Environment of %1</source>
        <translation>%1 的环境</translation>
    </message>
    <message>
        <source>Experiment file of %1</source>
        <translation>%1 的实验文件</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>变化</translation>
    </message>
</context>
<context>
    <name>ReportPdf</name>
    <message>
        <source>page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
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
        <source>The launcher &quot;%1&quot; cannot be started with mpirun or locally.</source>
        <translation>启动方式 &quot;%1&quot; 无法通过 mpirun 或在本地启动。</translation>
    </message>
</context>
<context>
    <name>RunIdentity</name>
    <message>
        <source>Run %1 of this store is not the run this tab was made for (another experiment or another creation time): nothing of it is shown. Open the run from the project tree to see it.</source>
        <translation>此结果库中的运行 %1 并非此标签页所对应的运行（实验不同或创建时间不同）：不显示其任何内容。请从项目树中打开该运行以查看。</translation>
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
    <message>
        <source>problem (shape)</source>
        <translation>问题（形状）</translation>
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
    <name>TabRender</name>
    <message>
        <source>Drawn by d500 Studio</source>
        <translation>由 d500 Studio 绘制</translation>
    </message>
    <message>
        <source>Could not write the image %1.</source>
        <translation>无法写入图像 %1。</translation>
    </message>
    <message>
        <source>Could not write the drawing %1: %2.</source>
        <translation>无法写入矢量图 %1：%2。</translation>
    </message>
    <message>
        <source>Could not write the PDF %1: %2.</source>
        <translation>无法写入 PDF %1：%2。</translation>
    </message>
    <message>
        <source>Could not write the PDF %1.</source>
        <translation>无法写入 PDF %1。</translation>
    </message>
    <message>
        <source>%1: unknown image format; use .png, .svg or .pdf.</source>
        <translation>%1：未知的图像格式；请使用 .png、.svg 或 .pdf。</translation>
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
    <message>
        <source>implementations side by side</source>
        <translation>各实现并排显示</translation>
    </message>
</context>
<context>
    <name>TrainingDashboardKind</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>not reached</source>
        <translation>未达到</translation>
    </message>
    <message>
        <source>Time to accuracy</source>
        <translation>达到目标准确率的时间</translation>
    </message>
    <message>
        <source>&lt;p&gt;No seed has finished yet.&lt;/p&gt;</source>
        <translation>&lt;p&gt;尚无种子完成训练。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Target: %1% test accuracy.&lt;/p&gt;</source>
        <translation>&lt;p&gt;目标：测试准确率 %1%。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;No target accuracy set: every seed trains its epochs.&lt;/p&gt;</source>
        <translation>&lt;p&gt;未设置目标准确率：每个种子都训练完全部轮数。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>best test</source>
        <translation>最佳测试准确率</translation>
    </message>
    <message>
        <source>final test</source>
        <translation>最终测试准确率</translation>
    </message>
    <message>
        <source>Recipe verdict</source>
        <translation>配方结论</translation>
    </message>
    <message>
        <source>%1: &lt;b style=&quot;color:#2e7d32&quot;&gt;compliant&lt;/b&gt;</source>
        <translation>%1：&lt;b style=&quot;color:#2e7d32&quot;&gt;符合&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1: &lt;b style=&quot;color:#c62828&quot;&gt;not compliant&lt;/b&gt;: %2</source>
        <translation>%1：&lt;b style=&quot;color:#c62828&quot;&gt;不符合&lt;/b&gt;：%2</translation>
    </message>
    <message>
        <source>No recipe: the experiment names none.</source>
        <translation>无配方：实验未指定配方。</translation>
    </message>
    <message>
        <source>loop overhead</source>
        <translation>循环开销</translation>
    </message>
    <message>
        <source>Where a step&apos;s time goes</source>
        <translation>一步的时间花在哪里</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>µs per step</source>
        <translation>每步 µs</translation>
    </message>
    <message>
        <source>share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Loop overhead: %1 µs per step (%2 of the loop).</source>
        <translation>循环开销：每步 %1 µs（占循环的 %2）。</translation>
    </message>
    <message>
        <source>Recipe %1: judged when the run finishes.</source>
        <translation>配方 %1：运行结束时评判。</translation>
    </message>
    <message>
        <source>Recipe %1: no verdict was stored (the run ended before it was judged).</source>
        <translation>配方 %1：未保存评判结果（运行在评判之前就已结束）。</translation>
    </message>
</context>
<context>
    <name>TrainingPanels</name>
    <message>
        <source>Loss per step</source>
        <translation>每步损失</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>loss per step (raw)</source>
        <translation>每步损失（原始）</translation>
    </message>
    <message>
        <source>loss, EMA</source>
        <translation>损失，EMA</translation>
    </message>
    <message>
        <source>Loss per epoch</source>
        <translation>每轮损失</translation>
    </message>
    <message>
        <source>train loss (epoch mean)</source>
        <translation>训练损失（每轮平均）</translation>
    </message>
    <message>
        <source>test loss (per epoch)</source>
        <translation>测试损失（每轮）</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>test accuracy (per epoch)</source>
        <translation>测试准确率（每轮）</translation>
    </message>
    <message>
        <source>train accuracy (per epoch)</source>
        <translation>训练准确率（每轮）</translation>
    </message>
    <message>
        <source>test accuracy (every eval_every steps)</source>
        <translation>测试准确率（每 eval_every 步）</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>samples/s (per epoch, compute only)</source>
        <translation>样本/秒（每轮，仅计算）</translation>
    </message>
    <message>
        <source>Step time vs data wait</source>
        <translation>步时间与数据等待</translation>
    </message>
    <message>
        <source>time per step</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>step time (forward, backward, update)</source>
        <translation>步时间（前向、反向、更新）</translation>
    </message>
    <message>
        <source>data wait (loader)</source>
        <translation>数据等待（加载器）</translation>
    </message>
    <message>
        <source>Communication volume</source>
        <translation>通信量</translation>
    </message>
    <message>
        <source>bytes per step</source>
        <translation>每步字节数</translation>
    </message>
    <message>
        <source>bytes sent + received per step</source>
        <translation>每步发送 + 接收的字节数</translation>
    </message>
    <message>
        <source>Communication vs computation</source>
        <translation>通信与计算</translation>
    </message>
    <message>
        <source>time in communication</source>
        <translation>通信时间</translation>
    </message>
    <message>
        <source>time computing</source>
        <translation>计算时间</translation>
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
    <name>d500::studio::CanvasEdgeItem</name>
    <message>
        <source>Runs as its own variant, compared with the wired one</source>
        <translation>作为单独的变体运行，与已连接的进行比较</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasLive</name>
    <message numerus="yes">
        <source>(%n ranks)</source>
        <translation>
            <numerusform>（%n 个进程）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 per step</source>
        <translation>%1（每步）</translation>
    </message>
    <message>
        <source>%1 per epoch</source>
        <translation>%1（每轮）</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasModel</name>
    <message>
        <source>needs a %1 at its &quot;%2&quot; input</source>
        <translation>其 &quot;%2&quot; 输入需要一个 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>There is no component kind &quot;%1&quot;</source>
        <translation>不存在组件类型 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>A %1 has no place in a %2 experiment</source>
        <translation>%1 不能用于 %2 实验</translation>
    </message>
    <message>
        <source>Swap %1 for %2</source>
        <translation>将 %1 替换为 %2</translation>
    </message>
    <message>
        <source>%1 %2 is already there</source>
        <translation>%1 %2 已存在</translation>
    </message>
    <message>
        <source>The %1 comes with the level</source>
        <translation>%1 由层级自动提供</translation>
    </message>
    <message>
        <source>Add %1 %2</source>
        <translation>添加 %1 %2</translation>
    </message>
    <message>
        <source>There is nothing to connect</source>
        <translation>没有可连接的内容</translation>
    </message>
    <message>
        <source>A spare takes no inputs: connect into the experiment&apos;s components</source>
        <translation>备用组件不接受输入：请连接到实验中的组件</translation>
    </message>
    <message>
        <source>Connect %1 to %2</source>
        <translation>将 %1 连接到 %2</translation>
    </message>
    <message>
        <source>Nothing is connected there</source>
        <translation>此处没有连接</translation>
    </message>
    <message>
        <source>Disconnect %1</source>
        <translation>断开 %1</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n component(s)</source>
        <translation>
            <numerusform>删除 %n 个组件</numerusform>
        </translation>
    </message>
    <message>
        <source>Open template</source>
        <translation>打开模板</translation>
    </message>
    <message numerus="yes">
        <source>Move %n component(s)</source>
        <translation>
            <numerusform>移动 %n 个组件</numerusform>
        </translation>
    </message>
    <message>
        <source>Auto-layout</source>
        <translation>自动布局</translation>
    </message>
    <message numerus="yes">
        <source>Align %n component(s)</source>
        <translation>
            <numerusform>对齐 %n 个组件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Paste %n component(s)</source>
        <translation>
            <numerusform>粘贴 %n 个组件</numerusform>
        </translation>
    </message>
    <message>
        <source>A %1 experiment takes no model: a network, training or distributed one does</source>
        <translation>%1 实验不使用模型：只有网络、训练或分布式实验才使用模型</translation>
    </message>
    <message>
        <source>%1 is not an ONNX model (.onnx)</source>
        <translation>%1 不是 ONNX 模型（.onnx）</translation>
    </message>
    <message>
        <source>There is no model file %1</source>
        <translation>不存在模型文件 %1</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasNames</name>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Repetition</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Implementation</source>
        <translation>实现</translation>
    </message>
    <message>
        <source>Batch sizes</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Measures</source>
        <translation>测量项</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>执行器</translation>
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
        <source>Transforms</source>
        <translation>变换</translation>
    </message>
    <message>
        <source>Sampler</source>
        <translation>采样器</translation>
    </message>
    <message>
        <source>Per-rank sampler</source>
        <translation>每 rank 采样器</translation>
    </message>
    <message>
        <source>Loader</source>
        <translation>加载器</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Stop conditions</source>
        <translation>停止条件</translation>
    </message>
    <message>
        <source>Launcher</source>
        <translation>启动器</translation>
    </message>
    <message>
        <source>Communicator</source>
        <translation>通信器</translation>
    </message>
    <message>
        <source>Scheme</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Trainer</source>
        <translation>训练器</translation>
    </message>
    <message>
        <source>shapes</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>batch sizes</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>measures</source>
        <translation>测量项</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>indices</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>communicator</source>
        <translation>通信器</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>batches</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>executor</source>
        <translation>执行器</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>scheme</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasNames::Type</name>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Timings</source>
        <translation>计时</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>点</translation>
    </message>
    <message>
        <source>BatchSizes</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Measures</source>
        <translation>测量项</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
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
        <source>Indices</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>执行器</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>Communicator</source>
        <translation>通信器</translation>
    </message>
    <message>
        <source>Scheme</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>序列</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasNodeItem</name>
    <message>
        <source>%1 (spare)</source>
        <translation>%1（备用）</translation>
    </message>
</context>
<context>
    <name>d500::studio::CanvasPalette</name>
    <message>
        <source>Components</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Drag a component onto the canvas, onto a component of the same kind to swap it, or onto an input port.</source>
        <translation>将组件拖到画布上，拖到同类组件上以替换它，或拖到输入端口上。</translation>
    </message>
</context>
<context>
    <name>d500::studio::ChangeDialog</name>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>BUSY</source>
        <translation>繁忙</translation>
    </message>
    <message>
        <source>quiet</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Not confirmed yet: &lt;i&gt;Rerun to Confirm&lt;/i&gt; runs both experiments again here, interleaved in randomized blocks.</source>
        <translation>尚未确认：&lt;i&gt;重新运行以确认&lt;/i&gt;会在本机以随机区组交错地再次运行两个实验。</translation>
    </message>
    <message>
        <source>Rerun to confirm: &lt;b&gt;%1&lt;/b&gt; (reruns %2, CI [%3, %4]; %5 of %6 blocks agreed) on %7</source>
        <translation>重新运行确认：&lt;b&gt;%1&lt;/b&gt;（重新运行 %2，置信区间 [%3, %4]；%6 个区组中 %5 个一致），%7</translation>
    </message>
    <message>
        <source>Change between run %1 and run %2</source>
        <translation>运行 %1 与运行 %2 之间的变化</translation>
    </message>
    <message>
        <source>Open Run &amp;Before</source>
        <translation>打开之前的运行(&amp;B)</translation>
    </message>
    <message>
        <source>Open Run &amp;After</source>
        <translation>打开之后的运行(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Rerun to Confirm</source>
        <translation>重新运行以确认(&amp;R)</translation>
    </message>
    <message>
        <source>Queue both runs&apos; experiments again on this machine, as randomized A/B blocks (d500 confirm); the verdict is stored with the change</source>
        <translation>在本机以随机 A/B 区组再次排队运行两个运行的实验（d500 confirm）；结论与该变化一起保存</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — median &lt;b&gt;%2&lt;/b&gt; (95% CI [%3, %4], p = %5) between run %6 (%7) and run %8 (%9)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 中位数 &lt;b&gt;%2&lt;/b&gt;（95% 置信区间 [%3, %4]，p = %5），介于运行 %6（%7）与运行 %8（%9）之间</translation>
    </message>
    <message>
        <source>Machine load: before %1, after %2</source>
        <translation>机器负载：之前 %1，之后 %2</translation>
    </message>
    <message>
        <source>What changed in the environment across it:</source>
        <translation>跨越该变化时环境中的改动：</translation>
    </message>
    <message>
        <source>nothing: the same environment on both sides</source>
        <translation>无：两侧环境相同</translation>
    </message>
    <message>
        <source>samples of each side (%1)</source>
        <translation>两侧的样本（%1）</translation>
    </message>
    <message>
        <source>before: runs #%1 to #%2</source>
        <translation>之前：运行 #%1 至 #%2</translation>
    </message>
    <message>
        <source>after: runs #%1 to #%2</source>
        <translation>之后：运行 #%1 至 #%2</translation>
    </message>
    <message>
        <source>time per call (%1)</source>
        <translation>每次调用时间（%1）</translation>
    </message>
    <message>
        <source>Both sides&apos; samples</source>
        <translation>两侧的样本</translation>
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
    <message>
        <source>There are no runs to summarise yet.</source>
        <translation>还没有可汇总的运行。</translation>
    </message>
    <message>
        <source>Export run summary</source>
        <translation>导出运行摘要</translation>
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
</context>
<context>
    <name>d500::studio::ChartPanel</name>
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
        <source>Nothing to export to %1: %2</source>
        <translation>没有可导出到 %1 的内容：%2</translation>
    </message>
    <message>
        <source>Across seeds</source>
        <translation>跨种子</translation>
    </message>
</context>
<context>
    <name>d500::studio::CollectiveDashboard</name>
    <message>
        <source>median %1, n %2, algbw %3 GB/s</source>
        <translation>中位数 %1，n %2，algbw %3 GB/s</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Algorithm bandwidth (algbw = size / time)</source>
        <translation>算法带宽（algbw = 大小 / 时间）</translation>
    </message>
    <message>
        <source>algbw (GB/s)</source>
        <translation>algbw（GB/s）</translation>
    </message>
    <message>
        <source>Bus bandwidth (busbw = algbw × nccl-tests factor)</source>
        <translation>总线带宽（busbw = algbw × nccl-tests 系数）</translation>
    </message>
    <message>
        <source>busbw (GB/s)</source>
        <translation>busbw（GB/s）</translation>
    </message>
    <message>
        <source>Time per call</source>
        <translation>每次调用时间</translation>
    </message>
    <message>
        <source>median time per call</source>
        <translation>每次调用时间的中位数</translation>
    </message>
    <message>
        <source>&lt;b&gt;1 rank&lt;/b&gt;</source>
        <translation>&lt;b&gt;1 个进程&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 ranks&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 个进程&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · %1 · message size per rank on the x axis; error bars: 95% CI of the median (dashed: stopped at a cap); busbw factors: allreduce 2(n-1)/n, allgather (n-1)/n, broadcast 1</source>
        <translation> · %1 · x 轴为每个进程的消息大小；误差棒：中位数的 95% 置信区间（虚线：因上限而停止）；busbw 系数：allreduce 2(n-1)/n，allgather (n-1)/n，broadcast 1</translation>
    </message>
    <message>
        <source> · &lt;b style=&quot;color:#2e7d32&quot;&gt;all %1 results correct&lt;/b&gt;</source>
        <translation> · &lt;b style=&quot;color:#2e7d32&quot;&gt;全部 %1 个结果正确&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · &lt;b style=&quot;color:#c62828&quot;&gt;%1 of %2 results wrong&lt;/b&gt;</source>
        <translation> · &lt;b style=&quot;color:#c62828&quot;&gt;%2 个结果中有 %1 个错误&lt;/b&gt;</translation>
    </message>
    <message>
        <source>message size per rank (bytes)</source>
        <translation>每个进程的消息大小（字节）</translation>
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
    <name>d500::studio::CurvePanel</name>
    <message>
        <source>%1 — not in this run</source>
        <translation>%1 — 本运行无此数据</translation>
    </message>
</context>
<context>
    <name>d500::studio::DashboardPanel</name>
    <message>
        <source>epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>wall time since the training started (s)</source>
        <translation>自训练开始的时间（秒）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>shaded: CI of the median (%1%)</source>
        <translation>阴影：中位数的置信区间（%1%）</translation>
    </message>
    <message>
        <source>target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>target %1% (time-to-accuracy)</source>
        <translation>目标 %1%（达到目标准确率的时间）</translation>
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
    <message>
        <source>Canvas</source>
        <translation>画布</translation>
    </message>
</context>
<context>
    <name>d500::studio::ExperimentCanvas</name>
    <message>
        <source>Unconnected required inputs and what the runner would reject, by component.</source>
        <translation>按组件列出未连接的必需输入以及运行器会拒绝的内容。</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Templates</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Auto-layout</source>
        <translation>自动布局</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Align left</source>
        <translation>左对齐</translation>
    </message>
    <message>
        <source>Align top</source>
        <translation>顶端对齐</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Select all</source>
        <translation>全选</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>No problems: every required input is connected.</source>
        <translation>没有问题：所有必需输入均已连接。</translation>
    </message>
    <message>
        <source>Open a project to run: its store keeps the results.</source>
        <translation>请先打开一个项目再运行：其结果库会保存结果。</translation>
    </message>
    <message>
        <source>Fix the problems below before running.</source>
        <translation>运行前请先修复下列问题。</translation>
    </message>
    <message numerus="yes">
        <source>Queued %n run(s)</source>
        <translation>
            <numerusform>已将 %n 个运行加入队列</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Model File…</source>
        <translation>模型文件…</translation>
    </message>
    <message>
        <source>Model of the Experiment</source>
        <translation>实验的模型</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx)</source>
        <translation>ONNX 模型 (*.onnx)</translation>
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
    <message>
        <source>No problems in the file; asking the runner about its plugins...</source>
        <translation>文件中没有问题；正在向运行器查询插件...</translation>
    </message>
    <message>
        <source>No problems in the file, but the runner could not check its plugins: %1</source>
        <translation>文件中没有问题，但运行器无法检查插件：%1</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>表单</translation>
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
    <name>d500::studio::FirstSteps</name>
    <message>
        <source>Open the example project</source>
        <translation>打开示例项目</translation>
    </message>
    <message>
        <source>Operator experiments with their sweep and timing charts. A copy is made for you, so your runs stay with it.</source>
        <translation>带有扫描图和计时图的算子实验。会为您创建一份副本，您的运行结果都保存在其中。</translation>
    </message>
    <message>
        <source>Compare implementations of an operator</source>
        <translation>比较算子的各个实现</translation>
    </message>
    <message>
        <source>A new experiment from the canvas template: Gemm on the reference and torch implementations over a sweep of sizes.</source>
        <translation>基于画布模板的新实验：在一组尺寸上扫描比较 Gemm 的 reference 与 torch 实现。</translation>
    </message>
    <message>
        <source>Run the Fashion-MNIST recipe</source>
        <translation>运行 Fashion-MNIST 配方</translation>
    </message>
    <message>
        <source>Train the MLP to 85% test accuracy with one seed and watch its training dashboard as it runs.</source>
        <translation>用一个种子将 MLP 训练到 85% 测试准确率，并在运行时查看其训练仪表板。</translation>
    </message>
    <message>
        <source>Open an ONNX model</source>
        <translation>打开 ONNX 模型</translation>
    </message>
    <message>
        <source>See a network as a graph of its operators, with each node&apos;s attributes and shapes.</source>
        <translation>以算子图的形式查看网络，包括每个节点的属性和形状。</translation>
    </message>
    <message>
        <source>Open a result store</source>
        <translation>打开结果存储</translation>
    </message>
    <message>
        <source>Browse the runs of a .d500db file without a project.</source>
        <translation>无需项目即可浏览 .d500db 文件中的运行。</translation>
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
    <name>d500::studio::GraphKind</name>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
</context>
<context>
    <name>d500::studio::GraphLoader</name>
    <message>
        <source>built by the %1 builder</source>
        <translation>由构建器 %1 生成</translation>
    </message>
    <message>
        <source>Cannot show %1: %2</source>
        <translation>无法显示 %1：%2</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>Run %1 is not in the store %2.</source>
        <translation>运行 %1 不在结果库 %2 中。</translation>
    </message>
    <message>
        <source>run %1 · %2</source>
        <translation>运行 %1 · %2</translation>
    </message>
    <message>
        <source>Run %1 is a %2 run; the graph view shows the model of a network run.</source>
        <translation>运行 %1 是 %2 运行；图视图显示的是网络运行的模型。</translation>
    </message>
    <message>
        <source>Cannot read the model of run %1: %2</source>
        <translation>无法读取运行 %1 的模型：%2</translation>
    </message>
    <message>
        <source>Cannot show the model of run %1: %2</source>
        <translation>无法显示运行 %1 的模型：%2</translation>
    </message>
</context>
<context>
    <name>d500::studio::GraphMinimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>概览：单击或拖动以移动视图</translation>
    </message>
</context>
<context>
    <name>d500::studio::GraphTab</name>
    <message>
        <source>Open an ONNX model (File &gt; Open ONNX Model…) or the graph of a network run.</source>
        <translation>请打开一个 ONNX 模型（文件 &gt; 打开 ONNX 模型…）或网络运行的图。</translation>
    </message>
    <message>
        <source>Find a node by name (Ctrl+F)</source>
        <translation>按名称查找节点（Ctrl+F）</translation>
    </message>
    <message>
        <source>Zoom out (-, Ctrl+wheel)</source>
        <translation>缩小（-，Ctrl+滚轮）</translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel)</source>
        <translation>放大（+，Ctrl+滚轮）</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Fit the graph in the view (F)</source>
        <translation>使图适应视图（F）</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>着色依据</translation>
    </message>
    <message>
        <source>Executor</source>
        <translation>执行器</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>Click a node to see its measurements, attributes and shapes.</source>
        <translation>单击节点以查看其测量、属性和形状。</translation>
    </message>
    <message>
        <source>Reading the model and laying it out with Graphviz (dot)…</source>
        <translation>正在读取模型并用 Graphviz (dot) 布局…</translation>
    </message>
    <message>
        <source>Nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Time share</source>
        <translation>时间占比</translation>
    </message>
    <message>
        <source>Validation error</source>
        <translation>验证误差</translation>
    </message>
    <message>
        <source>Validation error (not measured)</source>
        <translation>验证误差（未测量）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Not on a node of the graph: %1</source>
        <translation>不属于图中任何节点：%1</translation>
    </message>
    <message>
        <source>No node named “%1”</source>
        <translation>没有名为“%1”的节点</translation>
    </message>
    <message>
        <source>Graph · %1</source>
        <translation>图 · %1</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>There is no graph to export yet.</source>
        <translation>尚无可导出的图。</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Show constants</source>
        <translation>显示常量</translation>
    </message>
    <message>
        <source>Show Constant nodes as boxes of their own instead of inside the nodes that read them</source>
        <translation>将 Constant 节点显示为单独的方框，而不是显示在读取它们的节点内</translation>
    </message>
    <message>
        <source>Graph of %1</source>
        <translation>%1 的计算图</translation>
    </message>
    <message>
        <source>Graph of %1 (%2)</source>
        <translation>%1 的计算图（%2）</translation>
    </message>
</context>
<context>
    <name>d500::studio::HistoryKind</name>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
</context>
<context>
    <name>d500::studio::HistoryTab</name>
    <message>
        <source>Series</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行数</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>最近变化</translation>
    </message>
    <message>
        <source>95% CI</source>
        <translation>95% 置信区间</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>Between runs</source>
        <translation>所在运行</translation>
    </message>
    <message>
        <source>Runs since</source>
        <translation>此后运行数</translation>
    </message>
    <message>
        <source>Confirmed</source>
        <translation>已确认</translation>
    </message>
    <message>
        <source>Order runs by:</source>
        <translation>运行排序依据：</translation>
    </message>
    <message>
        <source>Time, or any field of the runs&apos; environment (as d500 history --by)</source>
        <translation>时间，或运行环境中的任意字段（同 d500 history --by）</translation>
    </message>
    <message>
        <source>Each host apart</source>
        <translation>各主机分开</translation>
    </message>
    <message>
        <source>Keep each host&apos;s runs in series of their own (default: machines of one class, CPU model and count and GPU, share a series)</source>
        <translation>每台主机的运行单独成序列（默认：同一类机器——CPU 型号、数量和 GPU 相同——共用一个序列）</translation>
    </message>
    <message>
        <source>The change points of the series shown; Enter or a double click shows one&apos;s details</source>
        <translation>所示序列的变化点；按回车或双击查看详情</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>History of the benchmarks in %1</source>
        <translation>%1 中基准测试的历史</translation>
    </message>
    <message>
        <source>No operator or network runs in %1 yet: each benchmark&apos;s history starts with its first run.</source>
        <translation>%1 中还没有算子或网络运行：每个基准测试的历史从其第一次运行开始。</translation>
    </message>
    <message numerus="yes">
        <source>%n series, %1 with a change point (E-divisive means over the runs&apos; samples, alpha 0.05); the largest latest change first.</source>
        <translation>
            <numerusform>%n 个序列，其中 %1 个有变化点（对运行样本使用 E-divisive means，alpha 0.05）；最近变化最大者在前。</numerusform>
        </translation>
    </message>
    <message>
        <source>No series to show</source>
        <translation>没有可显示的序列</translation>
    </message>
    <message>
        <source>No change point</source>
        <translation>无变化点</translation>
    </message>
    <message>
        <source>Too few runs to test</source>
        <translation>运行太少，无法检验</translation>
    </message>
    <message>
        <source>There is no series to export yet.</source>
        <translation>还没有可导出的序列。</translation>
    </message>
    <message>
        <source>Runs without raw samples: not tested</source>
        <translation>运行没有原始样本：未检验</translation>
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
    <name>d500::studio::KernelTablePanel</name>
    <message>
        <source>point</source>
        <translation>测量点</translation>
    </message>
    <message>
        <source>implementation</source>
        <translation>实现</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>reorders per call</source>
        <translation>每次调用的重排</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>不支持</translation>
    </message>
</context>
<context>
    <name>d500::studio::LatencyBoxPanel</name>
    <message>
        <source>p50 (median)</source>
        <translation>p50（中位数）</translation>
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
        <translation>执行器</translation>
    </message>
    <message>
        <source>time per call (%1)</source>
        <translation>每次调用时间（%1）</translation>
    </message>
    <message>
        <source>%1 (n = %2)</source>
        <translation>%1（n = %2）</translation>
    </message>
    <message>
        <source>box: quartiles, %1</source>
        <translation>箱体：四分位数，%1</translation>
    </message>
    <message>
        <source>%1 — not in this run</source>
        <translation>%1 — 本运行无此数据</translation>
    </message>
    <message>
        <source>%1 (n = %2; tail: %3)</source>
        <translation>%1（n = %2；长尾：%3）</translation>
    </message>
    <message>
        <source>CPUs shared for the whole window</source>
        <translation>整个采样窗口内 CPU 被共享</translation>
    </message>
    <message>
        <source>%1: n %2
p50 %3 · p90 %4 · p99 %5
quartiles %6 – %7
%8</source>
        <translation>%1：n %2
p50 %3 · p90 %4 · p99 %5
四分位数 %6 – %7
%8</translation>
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
    <message>
        <source>Slurm (sbatch; cluster defaults in Settings)</source>
        <translation>Slurm（sbatch；集群默认值见“设置”）</translation>
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
        <translation>%1，%2 核</translation>
    </message>
    <message>
        <source>, %1 ranks</source>
        <translation>，%1 个进程</translation>
    </message>
    <message>
        <source>recipe %1</source>
        <translation>配方 %1</translation>
    </message>
    <message>
        <source>95% CI [%1, %2]</source>
        <translation>95% 置信区间 [%1, %2]</translation>
    </message>
    <message>
        <source>seeds&apos; range [%1, %2]</source>
        <translation>各种子范围 [%1, %2]</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>; %1 of %2 seeds converged</source>
        <translation>；%2 个种子中 %1 个收敛</translation>
    </message>
    <message>
        <source>; olympic mean %1</source>
        <translation>；奥林匹克均值 %1</translation>
    </message>
    <message>
        <source>apart</source>
        <translation>另列</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>median time %1</source>
        <translation>中位时间 %1</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Implementation</source>
        <translation>实现</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Interval, seeds, reason</source>
        <translation>区间、种子、原因</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>No list: %1</source>
        <translation>无列表：%1</translation>
    </message>
    <message>
        <source>%1 training lists (ranked by time-to-accuracy, lower first) and %2 workloads (ranked by throughput) from %3; ties within confidence intervals share a rank (= n).</source>
        <translation>来自 %3 的 %1 个训练列表（按达到目标准确率的时间排名，越短越靠前）和 %2 个工作负载（按吞吐量排名）；置信区间内并列者共享名次（= n）。</translation>
    </message>
    <message>
        <source>The store could not be read: %1</source>
        <translation>无法读取存储：%1</translation>
    </message>
</context>
<context>
    <name>d500::studio::LoadBanner</name>
    <message>
        <source>Measured on a busy machine: other processes used %1 of %2 cores on average (at most %3).</source>
        <translation>在繁忙的机器上测量：其他进程平均占用 %2 个核心中的 %1 个（最多 %3 个）。</translation>
    </message>
    <message>
        <source>The hypervisor took %1% of the CPU time.</source>
        <translation>虚拟机管理程序占用了 %1% 的 CPU 时间。</translation>
    </message>
    <message>
        <source>Its timings may be inflated: compare them only with runs measured under the same conditions, or measure again on a quiet machine.</source>
        <translation>其计时可能偏高：只与在相同条件下测得的运行比较，或在空闲的机器上重新测量。</translation>
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
    <message numerus="yes">
        <source>Store: %1 (runs: %n)</source>
        <translation>
            <numerusform>结果库：%1（%n 个运行）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Store: %1, this session only (runs: %n)</source>
        <translation>
            <numerusform>结果库：%1，仅限本次会话（%n 个运行）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
Given with --store for this session; the project file keeps its own store.</source>
        <translation>%1
通过 --store 为本次会话指定；项目文件仍保留其自己的结果库。</translation>
    </message>
    <message>
        <source> · %1: %2</source>
        <translation> · %1：%2</translation>
    </message>
    <message>
        <source>Open result store</source>
        <translation>打开结果存储</translation>
    </message>
    <message>
        <source>Result stores (*.d500db);;All files (*)</source>
        <translation>结果存储 (*.d500db);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Confirm the change #%1 → #%2</source>
        <translation>确认变化 #%1 → #%2</translation>
    </message>
    <message>
        <source>Queued: both runs again in 5 randomized blocks; the verdict appears in the History view when they are done</source>
        <translation>已排队：两个运行以 5 个随机区组再次运行；完成后结论显示在历史视图中</translation>
    </message>
</context>
<context>
    <name>d500::studio::MeasurementDashboard</name>
    <message>
        <source>The store has no run %1 (yet).</source>
        <translation>结果库中（尚）没有运行 %1。</translation>
    </message>
    <message>
        <source>Reading the store failed: %1</source>
        <translation>读取结果库失败：%1</translation>
    </message>
    <message>
        <source>Reading the run&apos;s results failed: %1</source>
        <translation>读取运行结果失败：%1</translation>
    </message>
    <message>
        <source>%1 measurements · run %2 %3</source>
        <translation>%1 个测量 · 运行 %2 %3</translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkDashboard</name>
    <message>
        <source>median %1, n %2</source>
        <translation>中位数 %1，n %2</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Inference latency, batch 1</source>
        <translation>推理延迟，批大小 1</translation>
    </message>
    <message>
        <source>Throughput (inference)</source>
        <translation>吞吐量（推理）</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>Forward + backward</source>
        <translation>前向 + 反向</translation>
    </message>
    <message>
        <source>time per batch</source>
        <translation>每批时间</translation>
    </message>
    <message>
        <source>First call vs steady state (inference)</source>
        <translation>首次调用与稳态（推理）</translation>
    </message>
    <message>
        <source>Peak memory (RSS growth)</source>
        <translation>峰值内存（RSS 增长）</translation>
    </message>
    <message>
        <source>peak RSS Δ</source>
        <translation>峰值 RSS Δ</translation>
    </message>
    <message>
        <source>, inference</source>
        <translation>，推理</translation>
    </message>
    <message>
        <source>, forward+backward</source>
        <translation>，前向+反向</translation>
    </message>
    <message>
        <source>Micro-batching: time per step</source>
        <translation>微批处理：每步时间</translation>
    </message>
    <message>
        <source>time per step</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>Micro-batching: peak memory</source>
        <translation>微批处理：峰值内存</translation>
    </message>
    <message>
        <source>Micro-batching: gradient error</source>
        <translation>微批处理：梯度误差</translation>
    </message>
    <message>
        <source>max relative gradient error</source>
        <translation>最大相对梯度误差</translation>
    </message>
    <message>
        <source>Per node</source>
        <translation>各节点</translation>
    </message>
    <message>
        <source>&lt;b&gt;Executors:&lt;/b&gt; %1 · %2 measurements · error bars: 95% CI of the median (dashed: stopped at a cap before the CI target)</source>
        <translation>&lt;b&gt;执行器：&lt;/b&gt;%1 · %2 个测量 · 误差棒：中位数的 95% 置信区间（虚线：在达到置信区间目标前因上限而停止）</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>k (micro-batches per minibatch)</source>
        <translation>k（每个小批量中的微批数）</translation>
    </message>
    <message>
        <source>: steady state (median)</source>
        <translation>：稳态（中位数）</translation>
    </message>
    <message>
        <source>first call of a fresh executor: %1</source>
        <translation>新执行器的首次调用：%1</translation>
    </message>
    <message>
        <source>: first call</source>
        <translation>：首次调用</translation>
    </message>
    <message>
        <source>k = %1: %2 (tolerance %3, %4)</source>
        <translation>k = %1：%2（容差 %3，%4）</translation>
    </message>
    <message>
        <source>equal</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>DIFFERENT</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>(k beyond the tolerance %1: %2 of them)</source>
        <translation>（超出容差 %1 的 k：%2 个）</translation>
    </message>
    <message>
        <source>(every k within the tolerance %1)</source>
        <translation>（所有 k 均在容差 %1 以内）</translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkEditor</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Click a node to edit it, or double-click an operator in the palette to add one.</source>
        <translation>单击节点以编辑它，或在组件面板中双击算子以添加。</translation>
    </message>
    <message>
        <source>builder %1</source>
        <translation>构建器 %1</translation>
    </message>
    <message>
        <source>Open a model first.</source>
        <translation>请先打开一个模型。</translation>
    </message>
    <message>
        <source>%1 has no attribute “%2”</source>
        <translation>%1 没有属性“%2”</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>删除 %1</translation>
    </message>
    <message>
        <source>Replace %1 by %2</source>
        <translation>将 %1 替换为 %2</translation>
    </message>
    <message>
        <source>No node named “%1”</source>
        <translation>没有名为“%1”的节点</translation>
    </message>
    <message>
        <source>Unset %1 of %2</source>
        <translation>清除 %2 的 %1</translation>
    </message>
    <message>
        <source>Set %1 of %2</source>
        <translation>设置 %2 的 %1</translation>
    </message>
    <message>
        <source>Connect %1 to %2</source>
        <translation>将 %1 连接到 %2</translation>
    </message>
    <message>
        <source>Widen %1 to %2</source>
        <translation>将 %1 加宽到 %2</translation>
    </message>
    <message>
        <source>This model has no file yet: use Save As.</source>
        <translation>此模型尚无文件：请使用“另存为”。</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Saved %1 (passes the ONNX checker)</source>
        <translation>已保存 %1（通过 ONNX 检查器）</translation>
    </message>
    <message>
        <source>Network editor</source>
        <translation>网络编辑器</translation>
    </message>
    <message>
        <source>Network editor · %1%2</source>
        <translation>网络编辑器 · %1%2</translation>
    </message>
    <message>
        <source>problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Double-click to select the node</source>
        <translation>双击以选中该节点</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#1b5e20&apos;&gt;✔ Valid&lt;/span&gt;: %1, passes the ONNX checker; shapes from ONNX shape inference label the edges.</source>
        <translation>&lt;span style=&apos;color:#1b5e20&apos;&gt;✔ 有效&lt;/span&gt;：%1，通过 ONNX 检查器；边上标注的是 ONNX 形状推断得到的形状。</translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;✖ %n problem(s)&lt;/span&gt;: fix them to save (the model is kept as it is meanwhile).</source>
        <translation>
            <numerusform>&lt;span style=&apos;color:#b00020&apos;&gt;✖ %n 个问题&lt;/span&gt;：修复后才能保存（在此期间模型保持原样）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Gelu</source>
        <translation>Gelu</translation>
    </message>
    <message>
        <source>%1 (%2): part of a Gelu, x·0.5·(1 + Erf(x/√2)), as PyTorch exports it for opset 17</source>
        <translation>%1（%2）：Gelu 的一部分，x·0.5·(1 + Erf(x/√2))，即 PyTorch 为 opset 17 导出的形式</translation>
    </message>
    <message>
        <source>Open an ONNX model, start from a builder (File menu), or double-click an operator in the palette to start an empty network.</source>
        <translation>请打开一个 ONNX 模型、从构建器开始（文件菜单），或在调色板中双击一个算子以从空网络开始。</translation>
    </message>
    <message>
        <source>The network is empty: add an operator before saving.</source>
        <translation>网络为空：请先添加一个算子再保存。</translation>
    </message>
    <message>
        <source>Make the unread tensors outputs</source>
        <translation>将未被读取的张量设为输出</translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkEditorWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New from Builder</source>
        <translation>从构建器新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;MLP (784-256-10)</source>
        <translation>MLP (784-256-10)(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;LeNet-5</source>
        <translation>LeNet-5(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;ResNet (small)</source>
        <translation>ResNet（小型）(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Open ONNX Model…</source>
        <translation>打开 ONNX 模型(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Use in Network Experiment</source>
        <translation>用于网络实验(&amp;U)</translation>
    </message>
    <message>
        <source>Save the model and add a network benchmark of it to the project</source>
        <translation>保存模型，并将其网络基准测试添加到项目中</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
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
        <source>Ctrl+Shift+Z</source>
        <translation>Ctrl+Shift+Z</translation>
    </message>
    <message>
        <source>Ctrl+Y</source>
        <translation>Ctrl+Y</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Fit the Graph</source>
        <translation>使图适应视图(&amp;F)</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Start from a network the d500 model builders write</source>
        <translation>从 d500 模型构建器生成的网络开始</translation>
    </message>
    <message>
        <source>Open ONNX model</source>
        <translation>打开 ONNX 模型</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation>ONNX 模型 (*.onnx);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save ONNX model</source>
        <translation>保存 ONNX 模型</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx)</source>
        <translation>ONNX 模型 (*.onnx)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Unsaved model</source>
        <translation>未保存的模型</translation>
    </message>
    <message>
        <source>The model has unsaved edits. Save them?</source>
        <translation>模型有未保存的修改。是否保存？</translation>
    </message>
    <message>
        <source>&amp;Empty Network (input only)</source>
        <translation>空网络（仅输入）(&amp;E)</translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkExperiment</name>
    <message>
        <source>The network editor&apos;s model %1 on the reference executor</source>
        <translation>网络编辑器的模型 %1，在参考执行器上运行</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>d500::studio::NetworkPalette</name>
    <message>
        <source>Filter, e.g. Conv</source>
        <translation>筛选，例如 Conv</translation>
    </message>
    <message>
        <source>Operators the loaded plugins implement. Double-click one to add it.</source>
        <translation>已加载插件实现的算子。双击即可添加。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Operators&lt;/b&gt; of the loaded plugins</source>
        <translation>已加载插件的&lt;b&gt;算子&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Asking the runner which plugins it has…</source>
        <translation>正在向运行器查询可用插件…</translation>
    </message>
    <message>
        <source>Plugins unavailable: %1</source>
        <translation>插件不可用：%1</translation>
    </message>
    <message>
        <source>Implemented by %1</source>
        <translation>由 %1 实现</translation>
    </message>
    <message>
        <source>Implemented by %1, but libonnx has no %2 at opset %3: the checker would refuse it</source>
        <translation>由 %1 实现，但 libonnx 在 opset %3 中没有 %2：检查器会拒绝它</translation>
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
    <name>d500::studio::NodeForm</name>
    <message>
        <source>input %1</source>
        <translation>输入 %1</translation>
    </message>
    <message>
        <source> (optional)</source>
        <translation>（可选）</translation>
    </message>
    <message>
        <source>Click a node to edit it, or double-click an operator in the palette to add one.</source>
        <translation>单击节点以编辑它，或在组件面板中双击算子以添加。</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>未选择任何内容</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>(not connected)</source>
        <translation>（未连接）</translation>
    </message>
    <message>
        <source>The tensor this input reads</source>
        <translation>此输入读取的张量</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>libonnx has no schema for this operator: its attributes are not known.</source>
        <translation>libonnx 中没有此算子的 schema：其属性未知。</translation>
    </message>
    <message>
        <source>This operator has no attributes.</source>
        <translation>此算子没有属性。</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必需</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>default %1</source>
        <translation>默认 %1</translation>
    </message>
    <message>
        <source>Replace the op</source>
        <translation>替换算子</translation>
    </message>
    <message>
        <source>another op, e.g. Sigmoid</source>
        <translation>另一个算子，例如 Sigmoid</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Keeps the inputs, outputs and the attributes the new op has</source>
        <translation>保留输入、输出以及新算子也有的属性</translation>
    </message>
    <message>
        <source>Delete node</source>
        <translation>删除节点</translation>
    </message>
    <message>
        <source>Nodes reading its output read its first input instead (Delete)</source>
        <translation>读取其输出的节点改为读取其第一个输入（Delete）</translation>
    </message>
    <message>
        <source>Widen</source>
        <translation>加宽</translation>
    </message>
    <message>
        <source>%1 → </source>
        <translation>%1 → </translation>
    </message>
    <message>
        <source> outputs</source>
        <translation> 个输出</translation>
    </message>
    <message>
        <source>More output channels: new weights drawn at random, the next layer&apos;s grown by zeros, so the network computes what it did</source>
        <translation>更多输出通道：新权重随机生成，下一层的权重以零扩充，因此网络的计算结果保持不变</translation>
    </message>
    <message>
        <source>writes %1</source>
        <translation>写入 %1</translation>
    </message>
    <message>
        <source>Problem: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <source>New %1 node</source>
        <translation>新的 %1 节点</translation>
    </message>
    <message>
        <source>ONNX %1, since opset %2</source>
        <translation>ONNX %1，自 opset %2 起</translation>
    </message>
    <message>
        <source>not in libonnx&apos;s schemas: inputs and attributes are not checked</source>
        <translation>不在 libonnx 的 schema 中：不检查输入和属性</translation>
    </message>
    <message>
        <source>Add node</source>
        <translation>添加节点</translation>
    </message>
</context>
<context>
    <name>d500::studio::NodeItem</name>
    <message>
        <source>Constant inputs: %1</source>
        <translation>常量输入：%1</translation>
    </message>
</context>
<context>
    <name>d500::studio::NodeTablePanel</name>
    <message>
        <source>show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>executor</source>
        <translation>执行器</translation>
    </message>
    <message>
        <source>pass group</source>
        <translation>传播分组</translation>
    </message>
    <message>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>传播</translation>
    </message>
    <message>
        <source>time share</source>
        <translation>时间占比</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>95% CI</source>
        <translation>95% 置信区间</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>all node passes</source>
        <translation>所有节点传播</translation>
    </message>
    <message>
        <source>%1 (%2 in all)</source>
        <translation>%1（共 %2）</translation>
    </message>
    <message>
        <source>n too small</source>
        <translation>n 太小</translation>
    </message>
</context>
<context>
    <name>d500::studio::NoticeBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Hide these messages (Esc)</source>
        <translation>隐藏这些消息（Esc）</translation>
    </message>
    <message>
        <source>Show the newest</source>
        <translation>仅显示最新的</translation>
    </message>
    <message>
        <source>Show all (%1)</source>
        <translation>显示全部（%1）</translation>
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
    <name>d500::studio::OperatorDashboard</name>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>&lt;b&gt;Implementations:&lt;/b&gt; %1 · %2 sweep points</source>
        <translation>&lt;b&gt;实现：&lt;/b&gt;%1 · %2 个扫描点</translation>
    </message>
    <message>
        <source> · &lt;b style=&quot;color:#c62828&quot;&gt;failed measurements: %1&lt;/b&gt;</source>
        <translation> · &lt;b style=&quot;color:#c62828&quot;&gt;失败的测量：%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · validation: &lt;b style=&quot;color:#2e7d32&quot;&gt;all %1 checks passed&lt;/b&gt;</source>
        <translation> · 验证：&lt;b style=&quot;color:#2e7d32&quot;&gt;全部 %1 项检查通过&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · validation: &lt;b style=&quot;color:#c62828&quot;&gt;%1 of %2 checks failed&lt;/b&gt;</source>
        <translation> · 验证：&lt;b style=&quot;color:#c62828&quot;&gt;%2 项检查中有 %1 项未通过&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Kernel per point (as the implementation reports it)</source>
        <translation>每个测量点的内核（由实现报告）</translation>
    </message>
    <message>
        <source> · unsupported by their implementation: %1</source>
        <translation> · 其实现不支持：%1</translation>
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
    <message>
        <source>Double-click an operator to benchmark it (with the implementations chosen that offer it, else every one that runs here), one implementation to add it, or a component to use it (the level changes when needed).</source>
        <translation>双击算子以对其进行基准测试（使用已选中且提供该算子的实现，否则使用本机可运行的所有实现），双击某个实现以添加它，或双击组件以使用它（必要时会切换级别）。</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>plugin %1</source>
        <translation>插件 %1</translation>
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
    <message>
        <source>Choose the operator first: its inputs depend on it.</source>
        <translation>请先选择算子：其输入取决于算子。</translation>
    </message>
    <message>
        <source>%1 takes no more inputs.</source>
        <translation>%1 不再接受更多输入。</translation>
    </message>
    <message>
        <source>Adds the input %1 takes next, with the shape %2.</source>
        <translation>添加 %1 接下来接受的输入，形状为 %2。</translation>
    </message>
</context>
<context>
    <name>d500::studio::OverlayLegend</name>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
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
    <message>
        <source>loaded, no device</source>
        <translation>已加载，无设备</translation>
    </message>
    <message>
        <source>Its operators need a device this machine lacks: %1</source>
        <translation>其算子需要本机所缺少的设备：%1</translation>
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
    <message>
        <source>Sample every implementation over the same period</source>
        <translation>在同一时段内测量所有实现</translation>
    </message>
    <message>
        <source>An implementation that has converged keeps sampling, interleaved with the others, until every one has stopped: all of them see the same stretch of the machine&apos;s time. Publication mode does this too.</source>
        <translation>已收敛的实现继续采样，与其他实现交替进行，直到全部停止：它们都经历机器的同一段时间。发表模式也是如此。</translation>
    </message>
</context>
<context>
    <name>d500::studio::ReportWriter</name>
    <message>
        <source>Could not write the report %1: %2.</source>
        <translation>无法写入报告 %1：%2。</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunDashboard</name>
    <message>
        <source>rank %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>seed %1</source>
        <translation>种子 %1</translation>
    </message>
    <message>
        <source>x axis:</source>
        <translation>x 轴：</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>wall time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>  loss smoothing (EMA):</source>
        <translation>  损失平滑（EMA）：</translation>
    </message>
    <message>
        <source>Weight of the exponential moving average drawn over the raw loss</source>
        <translation>叠加在原始损失上的指数移动平均的权重</translation>
    </message>
    <message>
        <source>  ranks:</source>
        <translation>  进程：</translation>
    </message>
    <message>
        <source>all ranks overlaid</source>
        <translation>所有进程叠加</translation>
    </message>
    <message>
        <source>  seeds:</source>
        <translation>  种子：</translation>
    </message>
    <message>
        <source>overlaid</source>
        <translation>叠加</translation>
    </message>
    <message>
        <source>median with CI band</source>
        <translation>中位数及置信带</translation>
    </message>
    <message>
        <source>Each seed as its own line, or per step the median across the seeds with the order-statistic confidence band of that median</source>
        <translation>每个种子各画一条线，或按步画出各种子的中位数及该中位数基于顺序统计量的置信带</translation>
    </message>
    <message>
        <source>Seeds</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ranks&lt;/b&gt;</source>
        <translation>&lt;b&gt;进程&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Seeds&lt;/b&gt;</source>
        <translation>&lt;b&gt;种子&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The store has no run %1 (yet).</source>
        <translation>结果库中（尚）没有运行 %1。</translation>
    </message>
    <message>
        <source>Reading the store failed: %1</source>
        <translation>读取结果库失败：%1</translation>
    </message>
    <message>
        <source>median of seeds %1</source>
        <translation>种子 %1 的中位数</translation>
    </message>
    <message>
        <source>Reading the run&apos;s results failed: %1</source>
        <translation>读取运行结果失败：%1</translation>
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
        <source>epoch axis: steps placed within their epoch, from where each epoch ended</source>
        <translation>轮次轴：各步按所在轮次放置，以每轮结束处为准</translation>
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
        <source>starting the runner</source>
        <translation>正在启动运行器</translation>
    </message>
    <message>
        <source>run #%1: preparing</source>
        <translation>运行 #%1：准备中</translation>
    </message>
    <message>
        <source>run #%1: %2/%3</source>
        <translation>运行 #%1：%2/%3</translation>
    </message>
    <message>
        <source>Cancelling: scancel asks Slurm to stop the job...</source>
        <translation>正在取消：scancel 请求 Slurm 停止该作业...</translation>
    </message>
    <message>
        <source>submitting to Slurm</source>
        <translation>正在提交到 Slurm</translation>
    </message>
    <message>
        <source>Slurm job %1: %2</source>
        <translation>Slurm 作业 %1：%2</translation>
    </message>
    <message>
        <source>submitted</source>
        <translation>已提交</translation>
    </message>
    <message>
        <source>Cannot create the job folder %1</source>
        <translation>无法创建作业文件夹 %1</translation>
    </message>
    <message>
        <source>Cannot submit to Slurm</source>
        <translation>无法提交到 Slurm</translation>
    </message>
    <message>
        <source>the job was not submitted (d500 job --submit exited with %1; see the log)</source>
        <translation>作业未提交（d500 job --submit 以 %1 退出；请查看日志）</translation>
    </message>
    <message>
        <source>Submitted Slurm job %1; its output: %2</source>
        <translation>已提交 Slurm 作业 %1；其输出：%2</translation>
    </message>
    <message>
        <source>Run #%1 started in Slurm job %2</source>
        <translation>运行 #%1 已在 Slurm 作业 %2 中启动</translation>
    </message>
    <message>
        <source>Slurm job %1 ended: %2</source>
        <translation>Slurm 作业 %1 已结束：%2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1, without a run in the store (see its output in the log)</source>
        <translation>%1，结果库中没有运行（其输出见日志）</translation>
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
    <message>
        <source>preparing</source>
        <translation>准备中</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>正在启动</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunSummary</name>
    <message>
        <source>Markdown (*.md);;HTML page (*.html);;CSV (*.csv);;JSON (*.json);;Text (*.txt)</source>
        <translation>Markdown (*.md);;HTML 页面 (*.html);;CSV (*.csv);;JSON (*.json);;文本 (*.txt)</translation>
    </message>
    <message>
        <source>%1: the summary&apos;s format follows the file&apos;s suffix: .md, .html, .csv, .json or .txt.</source>
        <translation>%1：摘要的格式由文件后缀决定：.md、.html、.csv、.json 或 .txt。</translation>
    </message>
    <message>
        <source>Could not open the store %1: %2.</source>
        <translation>无法打开存储 %1：%2。</translation>
    </message>
    <message>
        <source>There is no run %1 in %2.</source>
        <translation>%2 中没有运行 %1。</translation>
    </message>
    <message>
        <source>Could not write the summary %1: %2.</source>
        <translation>无法写入摘要 %1：%2。</translation>
    </message>
</context>
<context>
    <name>d500::studio::RunnerCheck</name>
    <message>
        <source>the runner (d500) was not found beside the studio nor on PATH; set D500_RUNNER to its path</source>
        <translation>在工作台所在目录和 PATH 中均未找到运行器 (d500)；请将 D500_RUNNER 设置为其路径</translation>
    </message>
    <message>
        <source>cannot write a copy of the experiment for the runner to check</source>
        <translation>无法写入供运行器检查的实验副本</translation>
    </message>
    <message>
        <source>cannot start the runner %1: %2</source>
        <translation>无法启动运行器 %1：%2</translation>
    </message>
    <message>
        <source>the runner crashed (signal %1) while checking</source>
        <translation>运行器在检查时崩溃（信号 %1）</translation>
    </message>
    <message>
        <source>the runner&apos;s check answered no verdict (exit %1)</source>
        <translation>运行器的检查未给出结论（退出码 %1）</translation>
    </message>
</context>
<context>
    <name>d500::studio::ScalingKind</name>
    <message>
        <source>Scaling</source>
        <translation>扩展性</translation>
    </message>
</context>
<context>
    <name>d500::studio::ScalingTab</name>
    <message>
        <source>Scaling %1</source>
        <translation>扩展性 %1</translation>
    </message>
    <message>
        <source>Projected from allreduce on %1 ranks (%2 MiB of gradients per step, an ideal network): %3.</source>
        <translation>由 %1 个进程上的 allreduce 投影（每步 %2 MiB 梯度，理想网络）：%3。</translation>
    </message>
    <message>
        <source>No projection: it needs an allreduce measured on 2 or more ranks (start the collective run with mpirun -np 2).</source>
        <translation>无投影：需要在 2 个或更多进程上测得的 allreduce（用 mpirun -np 2 启动集合通信运行）。</translation>
    </message>
    <message>
        <source>Measured medians and the fitted latency + size / bandwidth</source>
        <translation>测得的中位数与拟合的 延迟 + 大小 / 带宽</translation>
    </message>
    <message>
        <source>message size (bytes)</source>
        <translation>消息大小（字节）</translation>
    </message>
    <message>
        <source>time per call (ns)</source>
        <translation>每次调用时间（ns）</translation>
    </message>
    <message>
        <source>%1 on %2 ranks</source>
        <translation>%1，%2 个进程</translation>
    </message>
    <message>
        <source>Communication per step, projected (band: the model&apos;s 95% CIs)</source>
        <translation>每步通信时间的投影（带：模型的 95% 置信区间）</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>进程数</translation>
    </message>
    <message>
        <source>communication per step (ns)</source>
        <translation>每步通信（ns）</translation>
    </message>
    <message>
        <source>measured up to %1 ranks</source>
        <translation>已测到 %1 个进程</translation>
    </message>
    <message>
        <source>There is no projection to export: it needs an allreduce on 2 or more ranks.</source>
        <translation>没有可导出的投影：需要 2 个或更多进程上的 allreduce。</translation>
    </message>
</context>
<context>
    <name>d500::studio::SeriesPicker</name>
    <message>
        <source>Choose what to draw</source>
        <translation>选择要绘制的内容</translation>
    </message>
    <message>
        <source>Search…</source>
        <translation>搜索…</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
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
    <message>
        <source>the cluster&apos;s default</source>
        <translation>集群默认值</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Slurm time limit: HH:MM:SS, D-HH:MM:SS, MM:SS or minutes</source>
        <translation>Slurm 时间上限：HH:MM:SS、D-HH:MM:SS、MM:SS 或分钟数</translation>
    </message>
    <message>
        <source>e.g. gcc/12 openmpi/4.1 (loaded before srun)</source>
        <translation>例如 gcc/12 openmpi/4.1（在 srun 之前加载）</translation>
    </message>
    <message>
        <source>one option a line, e.g. --qos=short</source>
        <translation>每行一个选项，例如 --qos=short</translation>
    </message>
    <message>
        <source>Cluster (the Slurm launcher)</source>
        <translation>集群（Slurm 启动方式）</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>分区</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>时间上限</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Extra #SBATCH</source>
        <translation>额外 #SBATCH</translation>
    </message>
</context>
<context>
    <name>d500::studio::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
</context>
<context>
    <name>d500::studio::SlurmFollower</name>
    <message>
        <source>scancel %1: Slurm asks the job to stop (SIGTERM)</source>
        <translation>scancel %1：Slurm 请求该作业停止（SIGTERM）</translation>
    </message>
    <message>
        <source>Cannot cancel Slurm job %1: %2</source>
        <translation>无法取消 Slurm 作业 %1：%2</translation>
    </message>
    <message>
        <source>Neither squeue nor sacct knows Slurm job %1 any more; taking it as ended.</source>
        <translation>squeue 和 sacct 中都已找不到 Slurm 作业 %1；视为已结束。</translation>
    </message>
</context>
<context>
    <name>d500::studio::StartPage</name>
    <message>
        <source>Welcome to d500 Studio</source>
        <translation>欢迎使用 d500 Studio</translation>
    </message>
    <message>
        <source>Fair, reproducible deep-learning benchmarks: every number with its confidence interval, its validation and the machine it was measured on. Start with one of these:</source>
        <translation>公平、可复现的深度学习基准测试：每个数字都附有置信区间、验证结果以及测量所用的机器。从以下任一项开始：</translation>
    </message>
    <message>
        <source>Recent projects are in File &gt; Recent Projects; F1 opens the User Guide.</source>
        <translation>最近的项目位于 文件 &gt; 最近的项目；按 F1 打开用户指南。</translation>
    </message>
</context>
<context>
    <name>d500::studio::StudioActions</name>
    <message>
        <source>&amp;Graph of the Model</source>
        <translation>模型图(&amp;G)</translation>
    </message>
    <message>
        <source>The network run&apos;s ONNX model as a graph, coloured by where the time goes</source>
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
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>How to use d500 Studio, in five minutes</source>
        <translation>五分钟了解如何使用 d500 Studio</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Ctrl+/</source>
        <translation>Ctrl+/</translation>
    </message>
    <message>
        <source>Every keyboard shortcut of the studio</source>
        <translation>工作台的所有键盘快捷键</translation>
    </message>
    <message>
        <source>&amp;Network Editor...</source>
        <translation>网络编辑器(&amp;N)...</translation>
    </message>
    <message>
        <source>Ctrl+Alt+N</source>
        <translation>Ctrl+Alt+N</translation>
    </message>
    <message>
        <source>Edit an ONNX model or a builder&apos;s network, and save it as ONNX</source>
        <translation>编辑 ONNX 模型或构建器生成的网络，并保存为 ONNX</translation>
    </message>
    <message>
        <source>The &amp;List</source>
        <translation>排行榜(&amp;L)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <source>The store&apos;s runs ranked as d500 list ranks them: training by time-to-accuracy per recipe, workloads by throughput</source>
        <translation>按 d500 list 的方式为存储中的运行排名：训练按每个配方达到目标准确率的时间，工作负载按吞吐量</translation>
    </message>
    <message>
        <source>Open Result S&amp;tore...</source>
        <translation>打开结果存储(&amp;T)...</translation>
    </message>
    <message>
        <source>Ctrl+Alt+D</source>
        <translation>Ctrl+Alt+D</translation>
    </message>
    <message>
        <source>Show the runs of a result store (*.d500db) without a project</source>
        <translation>无需项目即可显示结果存储 (*.d500db) 中的运行</translation>
    </message>
    <message>
        <source>Open Examp&amp;le Project</source>
        <translation>打开示例项目(&amp;L)</translation>
    </message>
    <message>
        <source>Open the example project (a copy of your own, where its runs are kept)</source>
        <translation>打开示例项目（您自己的副本，运行结果保存在其中）</translation>
    </message>
    <message>
        <source>New Operator &amp;Comparison</source>
        <translation>新建算子比较(&amp;C)</translation>
    </message>
    <message>
        <source>A new experiment from the canvas template that compares implementations of an operator</source>
        <translation>基于画布模板新建实验，比较某个算子的各个实现</translation>
    </message>
    <message>
        <source>Run the &amp;Fashion-MNIST Recipe</source>
        <translation>运行 Fashion-MNIST 配方(&amp;F)</translation>
    </message>
    <message>
        <source>Add the Fashion-MNIST recipe (the MLP to 85% test accuracy, one seed) to the project and run it</source>
        <translation>将 Fashion-MNIST 配方（MLP 训练到 85% 测试准确率，一个种子）添加到项目并运行</translation>
    </message>
    <message>
        <source>Export Run &amp;Summary...</source>
        <translation>导出运行摘要(&amp;S)...</translation>
    </message>
    <message>
        <source>The selected run&apos;s tables as d500 show writes them: Markdown, HTML, CSV, JSON or text</source>
        <translation>所选运行的表格，与 d500 show 的输出相同：Markdown、HTML、CSV、JSON 或文本</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>历史(&amp;H)</translation>
    </message>
    <message>
        <source>Ctrl+8</source>
        <translation>Ctrl+8</translation>
    </message>
    <message>
        <source>Every benchmark of the store over time, with its change points, the largest recent change first</source>
        <translation>存储中每个基准测试随时间的变化及其变化点，最近变化最大者在前</translation>
    </message>
    <message>
        <source>Sc&amp;aling Chart</source>
        <translation>扩展性图(&amp;A)</translation>
    </message>
    <message>
        <source>Ctrl+9</source>
        <translation>Ctrl+9</translation>
    </message>
    <message>
        <source>The selected collective runs&apos; latency and bandwidth, and the schemes projected to 4,096 ranks</source>
        <translation>所选集合通信运行的延迟与带宽，以及投影到 4,096 个进程的各方案</translation>
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
    <name>d500::studio::UserGuideDialog</name>
    <message>
        <source>&lt;h2&gt;d500 Studio in five minutes&lt;/h2&gt;&lt;p&gt;d500 measures deep-learning code fairly: every number comes with its confidence interval, its validation verdict and the state of the machine it was measured on. The studio builds experiments, starts the runner &lt;code&gt;d500&lt;/code&gt; on them and draws what the runner stores.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;五分钟上手 d500 Studio&lt;/h2&gt;&lt;p&gt;d500 公平地测量深度学习代码：每个数字都附带其置信区间、验证结论以及测量时机器的状态。工作台负责构建实验，用这些实验启动运行器 &lt;code&gt;d500&lt;/code&gt;，并绘制运行器存储的结果。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;3. A run&lt;/h3&gt;&lt;p&gt;Run (F5) saves the experiment and starts the runner; the Run Queue shows its state and progress, and the run&apos;s dashboard opens as soon as the runner has created the run. Cancel (Shift+F5) stops it and keeps what was measured.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;3. 运行&lt;/h3&gt;&lt;p&gt;“运行”（F5）会保存实验并启动运行器；“运行队列”显示其状态和进度，运行器一创建该运行，它的仪表板就会打开。“取消运行”（Shift+F5）会停止运行，并保留已测得的数据。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;4. Reading the results&lt;/h3&gt;&lt;p&gt;Each run opens in its level&apos;s dashboard: a panel per quantity with its own axis and unit. Double-click a run in the Project dock to open it again; the Charts menu has the single charts (sweep, timings, roofline, convergence). Select two runs and Compare (Ctrl+M) to see ratios with a significance verdict, and whether the two machines were equally quiet.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;4. 查看结果&lt;/h3&gt;&lt;p&gt;每个运行都会在其层级的仪表板中打开：每个量一个面板，各有自己的坐标轴和单位。在“项目”面板中双击某个运行可再次打开它；“图表”菜单中有各个单独的图表（扫描、计时分布、Roofline、收敛）。选择两个运行并使用“比较运行”（Ctrl+M），即可查看带显著性结论的比值，以及两台机器是否同样空闲。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;5. Sharing&lt;/h3&gt;&lt;p&gt;File &amp;gt; Export writes a chart as PNG, SVG or PDF, its data as CSV, and a report of the selected runs as HTML or PDF. The same exports run without a display: &lt;code&gt;d500-studio --help&lt;/code&gt; lists them.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;5. 分享&lt;/h3&gt;&lt;p&gt;“文件 &amp;gt; 导出图表”将图表导出为 PNG、SVG 或 PDF，“导出图表数据”将其数据导出为 CSV，“导出报告”将所选运行的报告导出为 HTML 或 PDF。这些导出也能在没有显示器的情况下运行：&lt;code&gt;d500-studio --help&lt;/code&gt; 会列出它们。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The mouse wheel changes a field only once you have clicked into it, so scrolling a form never edits it. Help &amp;gt; Keyboard Shortcuts lists every shortcut.&lt;/p&gt;</source>
        <translation>&lt;p&gt;只有在单击某个字段之后，鼠标滚轮才会更改该字段，因此滚动表单时绝不会误改内容。“帮助 &amp;gt; 键盘快捷键”列出了所有快捷键。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>d500 Studio User Guide</source>
        <translation>d500 Studio 用户指南</translation>
    </message>
    <message>
        <source>&lt;h3&gt;1. A project&lt;/h3&gt;&lt;p&gt;A project (&lt;code&gt;*.d500proj&lt;/code&gt;) lists experiments and names a result store (a SQLite file, &lt;code&gt;*.d500db&lt;/code&gt;). While no tab is open, the start page offers the first steps: the example project (a copy of your own, so your runs stay with it), an operator comparison, the Fashion-MNIST recipe, an ONNX model or a store. File &amp;gt; Open Result Store shows the runs of a store without a project, as do &lt;code&gt;d500-studio --store FILE&lt;/code&gt; and opening a &lt;code&gt;.d500db&lt;/code&gt; file from the file manager. Given with a project, &lt;code&gt;--store&lt;/code&gt; reads another store for this session only; the project file keeps its own.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;1. 项目&lt;/h3&gt;&lt;p&gt;项目（&lt;code&gt;*.d500proj&lt;/code&gt;）列出实验并指定一个结果存储（SQLite 文件，&lt;code&gt;*.d500db&lt;/code&gt;）。没有打开任何标签页时，起始页提供入门步骤：示例项目（您自己的副本，运行结果保存在其中）、算子比较、Fashion-MNIST 配方、ONNX 模型或存储。文件 &amp;gt; 打开结果存储 可在没有项目的情况下显示存储中的运行，&lt;code&gt;d500-studio --store FILE&lt;/code&gt; 以及从文件管理器打开 &lt;code&gt;.d500db&lt;/code&gt; 文件也是如此。与项目一起给出时，&lt;code&gt;--store&lt;/code&gt; 仅在本次会话中读取另一个存储；项目文件保留其自己的存储。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;2. An experiment&lt;/h3&gt;&lt;p&gt;File &amp;gt; New Experiment opens the editor: choose the level (operator, network, training, distributed, collective), then fill the forms. The Problems pane below the editor is the runner&apos;s own verdict: when it says the runner will accept the experiment, &lt;code&gt;d500 run&lt;/code&gt; does. Every edit can be undone (Ctrl+Z). Each new experiment gets a name of its own (new-experiment, new-experiment-2, ...), as runs find their experiment by its name.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;2. 实验&lt;/h3&gt;&lt;p&gt;文件 &amp;gt; 新建实验 会打开编辑器：选择级别（算子、网络、训练、分布式、集合通信），然后填写表单。编辑器下方的“问题”窗格就是运行器自己的判定：当它说运行器会接受该实验时，&lt;code&gt;d500 run&lt;/code&gt; 就会接受。每次编辑都可以撤销（Ctrl+Z）。每个新实验都有自己的名称（new-experiment、new-experiment-2……），因为运行通过名称找到其实验。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The experiment canvas&lt;/h3&gt;&lt;p&gt;The editor&apos;s Canvas tab shows the same experiment as components wired together: the operator and its implementations, a model and its executors, a dataset, an optimizer, a sweep. Drag a component from the palette on the left (a double-click adds it where it belongs) and connect an output to an input. A second component of a kind beside a wired one is a spare: the run compares the two as variants. The Problems list under the canvas names every input still missing. Auto-layout (Ctrl+L) and Fit (F) tidy the view; Run (Ctrl+R) runs every variant and shows the first one&apos;s progress on the nodes. Canvas edits are steps of the experiment&apos;s undo stack, like the form&apos;s.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;实验画布&lt;/h3&gt;&lt;p&gt;编辑器的“画布”标签页将同一实验显示为连接在一起的组件：算子及其实现、模型及其执行器、数据集、优化器、扫描。从左侧的组件面板拖出组件（双击会将其添加到所属位置），并将输出连接到输入。与已连接组件同类的第二个组件是备用组件：运行时会将二者作为变体进行比较。画布下方的问题列表列出所有仍缺少的输入。自动布局（Ctrl+L）和适应（F）整理视图；运行（Ctrl+R）运行每个变体，并在节点上显示第一个变体的进度。画布上的编辑与表单的编辑一样，都是实验撤销栈中的步骤。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Templates&lt;/h3&gt;&lt;p&gt;The canvas&apos;s Templates menu starts from a whole experiment: compare implementations of an operator, compare executors on a model, the time-to-accuracy of an optimizer over seeds, or the scaling of a distributed scheme. A template replaces the experiment in one undo step; adjust it and run. The start page&apos;s &quot;Compare implementations of an operator&quot; opens the first one as a new experiment.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;模板&lt;/h3&gt;&lt;p&gt;画布的“模板”菜单从一个完整的实验开始：比较算子的各个实现、在模型上比较执行器、优化器在多个种子上的达标时间，或分布式方案的扩展性。模板在一个撤销步骤中替换实验；调整后即可运行。起始页的“比较算子的各个实现”会将第一个模板作为新实验打开。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The graph view&lt;/h3&gt;&lt;p&gt;File &amp;gt; Open ONNX Model shows an &lt;code&gt;.onnx&lt;/code&gt; file as a graph of its operators, and Charts &amp;gt; Graph of the Model (Ctrl+7) shows the model of a network run, each node coloured by its share of the time. Click a node for its attributes, shapes and timings; search by name, zoom, Fit, and use the minimap to find your way in a large model.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;图视图&lt;/h3&gt;&lt;p&gt;文件 &amp;gt; 打开 ONNX 模型 将 &lt;code&gt;.onnx&lt;/code&gt; 文件显示为其算子构成的图，图表 &amp;gt; 模型的图（Ctrl+7）显示网络运行的模型，每个节点按其所占时间比例着色。单击节点可查看其属性、形状和计时；可按名称搜索、缩放、适应窗口，并使用小地图在大型模型中定位。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The network editor&lt;/h3&gt;&lt;p&gt;File &amp;gt; Network Editor (Ctrl+Alt+N) opens a model in a window of its own: an &lt;code&gt;.onnx&lt;/code&gt; file or a network from a builder (MLP, LeNet-5, ResNet). Add operators from its palette, connect tensors, change attributes in the form, delete or replace a node; shape inference labels the edges after every edit and draws a node it refuses in red, with the reason. Every edit can be undone, and the model is saved only when the ONNX checker passes. Use in Network Experiment saves it and adds a network benchmark of it to the project.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;网络编辑器&lt;/h3&gt;&lt;p&gt;文件 &amp;gt; 网络编辑器（Ctrl+Alt+N）在单独的窗口中打开模型：&lt;code&gt;.onnx&lt;/code&gt; 文件或由构建器（MLP、LeNet-5、ResNet）生成的网络。从其组件面板添加算子、连接张量、在表单中修改属性、删除或替换节点；每次编辑后，形状推断都会标注各条边，并将其拒绝的节点绘成红色并给出原因。每次编辑都可以撤销，只有通过 ONNX 检查器时才会保存模型。“用于网络实验”会保存模型，并将其网络基准测试添加到项目中。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Your own components&lt;/h3&gt;&lt;p&gt;Plugins add components beside the built-in ones: operators, network executors and optimizers, distributed schemes, datasets (read as the training asks for them, so a set need not fit in memory), samplers and metrics. The palette lists each kind with the plugin that offers it; experiments name a plugin&apos;s component &lt;code&gt;plugin/name&lt;/code&gt;. A metric&apos;s values appear in the training and distributed dashboards&apos; side panel with their unit. &lt;code&gt;d500 plugins&lt;/code&gt; lists everything the plugins offer, and the README explains for each kind what to implement and how d500 checks it.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;自定义组件&lt;/h3&gt;&lt;p&gt;插件可在内置组件之外添加组件：算子、网络执行器和优化器、分布式方案、数据集（训练需要时才读取，因此数据集不必装入内存）、采样器和指标。组件面板按类别列出每个组件及提供它的插件；实验用 &lt;code&gt;plugin/name&lt;/code&gt; 指定插件的组件。指标的值及其单位显示在训练和分布式仪表板的侧栏中。&lt;code&gt;d500 plugins&lt;/code&gt; 列出插件提供的全部内容，README 为每个类别说明需要实现什么以及 d500 如何检查它。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;History&lt;/h3&gt;&lt;p&gt;Charts &amp;gt; History (Ctrl+8) shows every benchmark of the store over time, the series with the largest recent change first. Select a series to see each run&apos;s median with its CI and its change points, marked with their size; click a run to open it, click a change point for the environment that changed across it and both sides&apos; samples. Rerun to Confirm queues both runs again, interleaved in randomized blocks, and stores whether the change is real.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;历史&lt;/h3&gt;&lt;p&gt;图表 &amp;gt; 历史（Ctrl+8）显示存储中每个基准测试随时间的变化，最近变化最大的序列在前。选择一个序列可看到每次运行的中位数及其置信区间，以及标注了幅度的变化点；点击某次运行将其打开，点击变化点可查看跨越它时环境的改动和两侧的样本。“重新运行以确认”会以随机区组交错地再次排队运行两个运行，并保存该变化是否真实。&lt;/p&gt;</translation>
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
    <message>
        <source>The list</source>
        <translation>排行榜</translation>
    </message>
</context>
</TS>
