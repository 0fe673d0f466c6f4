// The suite's page: one row per flow (status, time, the step that failed and why) linking the
// flow's own run report, with links relative to the page so the folder can be moved or archived.
import { relative, dirname } from 'node:path';
import { esc } from '../report/render-html.js';
import type { FlowResult } from './flow-result.js';
import type { SuiteInfo } from './junit.js';

const STATUS_MARK: Record<FlowResult['status'], string> = {
  passed: '✓ passed',
  failed: '✗ failed',
  error: '! error',
  skipped: '– skipped',
};

export function suiteHtml(suite: SuiteInfo, results: FlowResult[], pagePath: string): string {
  const count = (status: FlowResult['status']) => results.filter((r) => r.status === status).length;
  const rows = results
    .map((r) => {
      const link = r.reportPath
        ? `<a href="${esc(relative(dirname(pagePath), r.reportPath))}">report</a>`
        : '<span class="none">no report</span>';
      const video = r.videoPath ? ` · <a href="${esc(relative(dirname(pagePath), r.videoPath))}">video</a>` : '';
      const why = r.failure
        ? `${r.failure.step ? `<div class="step">step ${esc(r.failure.step)}</div>` : ''}<div>${esc(r.failure.message)}</div>`
        : esc(r.sentence ?? '');
      return `<tr class="${r.status}"><td class="status">${STATUS_MARK[r.status]}</td><td><code>${esc(r.name)}</code><div class="file">${esc(r.file)}</div>${r.tags.length ? `<div class="tags">${r.tags.map((t) => `<span>${esc(t)}</span>`).join('')}</div>` : ''}</td><td class="time">${(r.durationMs / 1000).toFixed(1)} s</td><td>${why}</td><td>${link}${video}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(suite.name)}: ${count('passed')} passed, ${count('failed') + count('error')} failed</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.5rem;vertical-align:top;text-align:left}.status{white-space:nowrap;font-weight:600}
tr.passed .status{color:#1a7f37}tr.failed .status,tr.error .status{color:#c62828}tr.skipped{color:#888}
.file,.none{color:#777;font-size:.85em}.step{font-family:monospace;font-size:.9em}.time{white-space:nowrap;text-align:right}
.tags span{display:inline-block;background:#eef;border-radius:3px;padding:0 .35rem;margin:.15rem .2rem 0 0;font-size:.8em}
</style></head>
<body>
<h1>${esc(suite.name)}</h1>
<p>${results.length} flow${results.length === 1 ? '' : 's'}: ${count('passed')} passed, ${count('failed')} failed, ${count('error')} could not run${count('skipped') ? `, ${count('skipped')} skipped` : ''} · ${(suite.durationMs / 1000).toFixed(1)} s · ${esc(suite.bench)} · started ${esc(suite.startedAt)} on ${esc(suite.hostname)}</p>
<table><thead><tr><th>Result</th><th>Flow</th><th>Time</th><th>What happened</th><th>Run</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>
`;
}
