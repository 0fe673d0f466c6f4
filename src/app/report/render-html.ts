// The run report as one self-contained HTML page: CSS inline, pictures as data URLs, the OCR
// boxes and tap points as inline SVG over each picture, no script and no external address at
// all (a Content-Security-Policy in the page forbids fetching anything but data: pictures).
// Pure: a string from the model.
import type { FindingRecord } from '../../core/findings/finding-record.js';
import type { JournalExpectation, PhysicalAction } from '../../core/ports/run-store.js';
import type { ActionOutcome } from '../../core/ports/mcu.js';
import {
  buildTimeline,
  runIdsOf,
  STATUS_WORDS,
  summarySentence,
  type ActionRecord,
  type CallRecord,
  type ReportFrame,
  type ReportInput,
  type TimelineItem,
} from './run-report.js';

export function renderReportHtml(input: ReportInput): string {
  const checkpoint = input.checkpoint;
  const title = `benchhand run ${checkpoint ? checkpoint.runId.slice(0, 8) : '(no result file)'}${checkpoint ? ` — ${STATUS_WORDS[checkpoint.status]}` : ''}`;
  const timeline = buildTimeline(input);
  const runIds = runIdsOf(input);
  const findings = input.findings.filter((f) => f.runIds.some((id) => runIds.has(id)));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>${esc(title)}</h1>
<p class="meta">State directory <code>${esc(input.stateDir)}</code> · report written ${esc(input.generatedAt)}</p>
</header>
${summarySection(input)}
${budgetsSection(input)}
${problemsSection(input)}
${cameraSection(input)}
<section id="timeline">
<h2>Steps</h2>
${timeline.length ? timeline.map((item) => timelineItem(item, input)).join('\n') : '<p class="empty">No step was recorded in the audit log or the journal.</p>'}
</section>
${screenshotsSection(input)}
${videoSection(input.videos ?? [])}
${findingsSection(findings, input)}
${errorsSection(input)}
${tailSection(input)}
<footer><p>Written by <code>benchhand report</code>. Pictures: the camera frames the agent acted on, warped upright with the run's calibration; boxes: what OCR read (device pixels); crosshairs: where a tap was sent.</p></footer>
</body>
</html>
`;
}

function summarySection(input: ReportInput): string {
  const c = input.checkpoint;
  const rows: [string, string][] = c
    ? [
        ['Goal', esc(c.state.goal)],
        ['Task', `<code>${esc(c.state.task)}</code> (${esc(c.state.interpreter)} interpreter)`],
        ['Status', `<span class="status status-${esc(c.status)}">${esc(c.status)}</span>`],
        [
          'Result',
          c.result === undefined
            ? '<span class="empty">none</span>'
            : `<pre>${esc(JSON.stringify(c.result, null, 2))}</pre>${resultEvidence(c.result)}`,
        ],
        [
          'Run',
          `<code>${esc(c.runId)}</code> (chain <code>${esc(c.continuationId)}</code>), saved ${esc(c.savedAt)} at step ${c.state.step}, phase ${esc(c.state.phase)}`,
        ],
        [
          'Last verified screen',
          c.lastVerifiedScreen
            ? `step ${c.lastVerifiedScreen.step}: <pre>${esc(c.lastVerifiedScreen.text)}</pre>`
            : '<span class="empty">none</span>',
        ],
      ]
    : [['Result file', `<span class="bad">${esc(input.checkpointProblem ?? 'missing')}</span>`]];
  return `<section id="summary">
<h2>Summary</h2>
<p class="sentence">${esc(summarySentence(input))}</p>
<table class="facts">${rows.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</table>
</section>`;
}

function budgetsSection(input: ReportInput): string {
  const b = input.checkpoint?.budgets;
  if (!b) return '<section id="budgets"><h2>Budgets</h2><p class="empty">Unknown: no usable result file.</p></section>';
  const meter = (label: string, used: number, max: number, text: string) => {
    const share = max > 0 ? Math.min(1, used / max) : 0;
    return `<div class="budget"><span class="label">${label}</span><span class="bar"><span class="fill${share >= 1 ? ' full' : ''}" style="width:${(share * 100).toFixed(1)}%"></span></span><span class="value">${esc(text)}</span></div>`;
  };
  return `<section id="budgets">
<h2>Budgets</h2>
${meter('Steps', b.stepsUsed, b.maxSteps, `${b.stepsUsed} of ${b.maxSteps}`)}
${meter('Time', b.elapsedMs, b.deadlineMs, `${seconds(b.elapsedMs)} of ${seconds(b.deadlineMs)}`)}
</section>`;
}

function problemsSection(input: ReportInput): string {
  const notes = [...input.problems];
  if (!input.framesKept)
    notes.push(
      'This run kept no pictures (frames/ is missing): it ran without the frame keeper (BENCHHAND_KEEP_FRAMES=1 or keepFrames).',
    );
  if (!notes.length) return '';
  return `<section id="record-problems"><h2>About this record</h2><ul>${notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul></section>`;
}

function cameraSection(input: ReportInput): string {
  const view = input.cameraView;
  if (!view) return '';
  const { picture, corners } = view;
  return `<section id="camera">
<h2>How the camera sees the bench</h2>
<figure class="camera-view"><div class="shot" style="aspect-ratio:${picture.width}/${picture.height}">
<img class="camera-img" src="${picture.dataUrl}" width="${picture.width}" height="${picture.height}" alt="the first kept camera picture, as taken">
<svg class="overlay" viewBox="0 0 ${picture.width} ${picture.height}" preserveAspectRatio="none" aria-hidden="true"><polygon class="screen-quad" points="${corners.map((p) => `${num(p.x)},${num(p.y)}`).join(' ')}"/><circle class="corner-origin" cx="${num(corners[0]!.x)}" cy="${num(corners[0]!.y)}" r="${num(picture.width / 80)}"/></svg>
</div><figcaption>The first kept picture as the camera took it; the outline is where the calibration puts the screen (dot: the device's top-left). Every picture below is this region warped upright.</figcaption></figure>
</section>`;
}

function timelineItem(item: TimelineItem, input: ReportInput): string {
  if (item.kind === 'recovery') {
    const a = item.audit;
    const code = (a.args as { code?: string } | undefined)?.code;
    return `<article class="recovery decision-${esc(a.status)}"><h3>Recovery decision: ${esc(a.status)}${code ? ` (${esc(code)})` : ''}</h3><p class="when">${esc(a.at)}</p><ul>${a.message
      .split(' | ')
      .map((r) => `<li>${esc(r)}</li>`)
      .join('')}</ul></article>`;
  }
  if (item.kind === 'operator') {
    const a = item.audit;
    const by = (a.args as { by?: string } | undefined)?.by;
    return `<article class="operator"><h3>Operator: ${esc(a.tool.replace(/^operator_/, ''))}${by ? ` by ${esc(by)}` : ''}</h3><p class="when">${esc(a.at)} · after step ${a.step}</p><p>${esc(a.message)}</p></article>`;
  }
  const frames = (action?: ActionRecord) => (action ? [action.before, action.after] : []);
  const lastLook =
    item.lastLook && !item.calls.some((c) => frames(c.action).includes(item.lastLook)) ? item.lastLook : undefined;
  const previousRun =
    item.runId && input.checkpoint && item.runId !== input.checkpoint.runId
      ? ` <span class="run-tag" title="${esc(item.runId)}">earlier run ${esc(item.runId.slice(0, 8))}</span>`
      : '';
  return `<article class="step" data-step="${item.step}" id="step-${item.step}${item.runId ? `-${esc(item.runId.slice(0, 8))}` : ''}">
<h3>Step ${item.step}${previousRun}</h3>
${item.calls.map((call) => callBlock(call, input)).join('\n')}
${item.unmatchedActions.map((action) => `<div class="call unaudited"><p class="call-head"><span class="tool">(action with no audit line)</span></p>${actionBlock(action, input)}</div>`).join('\n')}
${lastLook ? `<div class="frames">${frameFigure(lastLook, input, 'last look of the step')}</div>` : ''}
${item.errors.length ? `<ul class="step-errors">${item.errors.map((e) => `<li><code>${esc(e.code)}</code> ${esc(e.message)}</li>`).join('')}</ul>` : ''}
</article>`;
}

function callBlock(call: CallRecord, input: ReportInput): string {
  const a = call.audit;
  const ok = a.status === 'ok';
  return `<div class="call" data-tool="${esc(a.tool)}" data-status="${esc(a.status)}">
<p class="call-head"><span class="tool">${esc(a.tool)}</span> <code class="args">${esc(compactJson(a.args))}</code> <span class="outcome ${ok ? 'good' : 'bad'}">${esc(a.status)}</span> <span class="dur">${a.durationMs} ms</span>${a.commandId !== undefined ? ` <span class="cmd">command #${a.commandId}</span>` : ''}</p>
${call.approval ? `<p class="approval ${call.approval.approved ? 'good' : 'bad'}">Approval: ${call.approval.approved ? 'approved' : 'denied'} by ${esc(call.approval.by)} — ${esc(call.approval.summary)}</p>` : ''}
${a.status === 'denied_by_user' && !call.approval ? '<p class="approval bad">Approval: denied (see the message)</p>' : ''}
<p class="message">${esc(a.message)}</p>
${a.evidence?.length ? evidenceBlock(a.evidence) : ''}
${call.action ? actionBlock(call.action, input) : ''}
</div>`;
}

function resultEvidence(result: unknown): string {
  const evidence = (result as { evidence?: unknown } | null)?.evidence;
  return Array.isArray(evidence) && evidence.length
    ? `<p>Evidence checked on a fresh frame before the run ended:</p>${evidenceBlock(evidence as NonNullable<CallRecord['audit']['evidence']>)}`
    : '';
}

/** A claim's citations, each with whether it held on the fresh frame taken before the run could end. */
function evidenceBlock(evidence: NonNullable<CallRecord['audit']['evidence']>): string {
  return `<ul class="evidence">${evidence.map((c) => `<li class="${c.held ? 'good' : 'bad'}">${c.held ? '✓ held' : '✗ not on the screen'}: "${esc(c.text)}"${c.where ? ` ${esc(c.where)}` : ''} <span class="detail">${esc(c.detail)}</span></li>`).join('')}</ul>`;
}

function actionBlock(action: ActionRecord, input: ReportInput): string {
  const tap = action.action?.kind === 'tap' ? action.action.device : undefined;
  const verified = action.verified
    ? `<p class="verification ${action.verified.met ? 'good' : 'bad'}">Verified: ${action.verified.met ? '✓' : '✗'} ${esc(action.verified.detail)}</p>`
    : `<p class="verification bad">Not verified: no verification record${action.outcome ? '' : ' (and no outcome: the action may or may not have happened)'}</p>`;
  const pictures = [
    action.before && frameFigure(action.before, input, 'before the act', tap),
    action.after && frameFigure(action.after, input, 'verification picture', tap, true),
  ].filter(Boolean);
  return `<div class="action">
<p class="did">${esc(describeAction(action.action))}${action.commandIds.length ? ` · command${action.commandIds.length > 1 ? 's' : ''} ${action.commandIds.map((id) => `#${id}`).join(', ')}` : ''}</p>
<p class="expect">Expected: ${esc(describeExpectation(action.expectation))} · MCU: ${esc(describeOutcome(action.outcome))}</p>
${lookLine(action.look)}
${verified}
${pictures.length ? `<div class="frames">${pictures.join('')}</div>` : input.framesKept ? '<p class="empty">No picture kept for this action.</p>' : ''}
</div>`;
}

/** Why the gate changed the shutter; a change put back left clipping no exposure mends. */
const SHUTTER_BECAUSE = {
  overexposed: 'overexposed',
  underexposed: 'underexposed',
  undone: "put back: the clipping stayed, as a lamp's reflection on the glass does; move the lamp or shade the screen",
} as const;

/** How the picture the action was planned on was chosen, when it was not simply the first frame. */
function lookLine(look: ActionRecord['look']): string {
  if (!look || look.chosen === 'first') return '';
  const problems = look.problems?.length ? `: ${look.problems.join(', ')}` : '';
  const said = {
    retaken: `Picture: retaken (${look.tries} frames taken, the first failed the quality gate)`,
    fused: `Picture: ${look.fused} agreeing frames fused (${look.tries} taken)`,
    bracketed: `Picture: a patch burnt out by a lamp's reflection, filled in from a frame at a shorter shutter (${look.tries} frames taken)`,
    best_of_failed: `Picture: no frame passed the quality gate in ${look.tries} tries; the least bad was read${problems}`,
  }[look.chosen];
  // A retake at a corrected shutter (core/vision/exposure-retake.ts): the camera keeps it for the looks after.
  const shutter = look.exposure?.length
    ? `; the shutter ${look.exposure.map((c) => `${c.fromUs} -> ${c.toUs} us (${SHUTTER_BECAUSE[c.because]})`).join(', ')}`
    : '';
  // A frame at a shorter shutter for a burnt-out patch (core/vision/glare-bracket.ts).
  const bracket = look.bracket
    ? `; a frame at ${look.bracket.shutterUs} us for a patch burnt out whole (${Math.round(look.bracket.spotShare * 100)} % of the screen): ${look.bracket.filled ? 'its ink filled the patch in' : 'blank ground, nothing hidden'}`
    : '';
  return `<p class="look ${look.chosen === 'best_of_failed' ? 'bad' : ''}" data-chosen="${look.chosen}">${esc(said + shutter + bracket)}</p>`;
}

function frameFigure(
  frame: ReportFrame,
  input: ReportInput,
  caption: string,
  tap?: { x: number; y: number },
  faded = false,
): string {
  const { entry, picture, lines } = frame;
  const device = lines?.deviceSize ?? input.deviceSize;
  if (!picture || !device) {
    return `<figure class="frame missing" data-role="${esc(entry.role)}"><div class="gone">${esc(frame.missing ?? 'picture not available')}</div><figcaption>${esc(caption)} · <code>${esc(entry.file)}</code></figcaption></figure>`;
  }
  const w = device.width,
    h = device.height;
  const r = Math.max(w, h) / 45;
  const boxes = (lines?.lines ?? [])
    .map((line) => {
      const b = line.box;
      return `<rect class="ocr-box${line.confidence < 0.6 ? ' unsure' : ''}" x="${num(b.x)}" y="${num(b.y)}" width="${num(b.width)}" height="${num(b.height)}"><title>${esc(line.text)} (${Math.round(line.confidence * 100)} %)</title></rect>`;
    })
    .join('');
  const marker = tap
    ? `<g class="tap-marker${faded ? ' faded' : ''}"><circle cx="${num(tap.x)}" cy="${num(tap.y)}" r="${num(r)}"/><line x1="${num(tap.x - 1.6 * r)}" y1="${num(tap.y)}" x2="${num(tap.x + 1.6 * r)}" y2="${num(tap.y)}"/><line x1="${num(tap.x)}" y1="${num(tap.y - 1.6 * r)}" x2="${num(tap.x)}" y2="${num(tap.y + 1.6 * r)}"/><title>tap at ${Math.round(tap.x)},${Math.round(tap.y)}</title></g>`
    : '';
  const quality =
    lines && !lines.quality.ok
      ? ` · <span class="bad">poor picture: ${esc(lines.quality.problems.join('; '))}</span>`
      : '';
  return `<figure class="frame" data-role="${esc(entry.role)}" data-file="${esc(entry.file)}">
<div class="shot" style="aspect-ratio:${w}/${h}">
<img class="frame-img" src="${picture.dataUrl}" width="${picture.width}" height="${picture.height}" alt="${esc(caption)}, step ${entry.step}">
<svg class="overlay" viewBox="0 0 ${w} ${h}" preserveAspectRatio="none">${boxes}${marker}</svg>
</div>
<figcaption>${esc(caption)} · ${lines ? `${lines.lines.length} OCR line${lines.lines.length === 1 ? '' : 's'}, confidence ${lines.confidence.toFixed(2)}` : 'no OCR lines kept'}${quality}</figcaption>
${lines?.lines.length ? `<details><summary>What OCR read</summary><ol class="ocr-text">${lines.lines.map((l) => `<li>${esc(l.text)} <span class="conf">${Math.round(l.confidence * 100)} %</span></li>`).join('')}</ol></details>` : ''}
</figure>`;
}

/** The run's video, one link per part: a resumed run's part (video-2.mp4, ...) beside the first. */
function videoSection(videos: readonly string[]): string {
  if (!videos.length) return '';
  const links = videos.map((video) => `<a href="${esc(video)}">${esc(video)}</a>`);
  const what =
    videos.length === 1
      ? ': every camera picture the run looked at, in order.'
      : ': every camera picture the run looked at, in order, one video for each part of the run (the first, then each resumed part).';
  return `<section id="video"><h2>Video</h2><p>${links.join(', ')}${what}</p></section>`;
}

function screenshotsSection(input: ReportInput): string {
  const shots = input.screenshots ?? [];
  if (!shots.length) return '';
  return `<section id="screenshots">
<h2>Screenshots</h2>
${shots.map((s) => `<figure class="frame screenshot" id="screenshot-${esc(s.name)}">${s.picture ? `<img class="frame-img" src="${s.picture.dataUrl}" width="${s.picture.width}" height="${s.picture.height}" alt="screenshot ${esc(s.name)}">` : '<div class="gone">no picture (this observer gives none)</div>'}<figcaption>${esc(s.name)} · ${esc(s.savedAt)}</figcaption><details><summary>What OCR read</summary><ol class="ocr-text">${s.texts.map((t) => `<li>${esc(t)}</li>`).join('')}</ol></details></figure>`).join('\n')}
</section>`;
}

function findingsSection(findings: FindingRecord[], input: ReportInput): string {
  return `<section id="findings">
<h2>Findings</h2>
${findings.length ? `<table class="list"><thead><tr><th>Severity</th><th>Status</th><th>Subject</th><th>Kind</th><th>Screen</th><th>Seen</th><th>Detail</th></tr></thead><tbody>${findings.map((f) => `<tr class="finding sev-${esc(f.severity)}" data-id="${esc(f.id)}"><td>${esc(f.severity)}</td><td>${esc(f.status)}</td><td>${esc(f.subject)}</td><td>${esc(f.kind)}</td><td>${esc(f.screen)}</td><td>${f.occurrences}×, last ${esc(f.lastSeen)}</td><td>${esc(f.detail)}</td></tr>`).join('')}</tbody></table>` : `<p class="empty">This run recorded no findings (looked in <code>${esc(input.findingsPath)}</code>).</p>`}
</section>`;
}

function errorsSection(input: ReportInput): string {
  const errors = input.checkpoint?.errors ?? [];
  const failedCalls = input.audit.filter((a) => a.status !== 'ok' && a.tool !== 'recovery');
  return `<section id="errors">
<h2>Errors</h2>
${errors.length ? `<table class="list"><thead><tr><th>Step</th><th>Code</th><th>Message</th><th>At</th></tr></thead><tbody>${errors.map((e) => `<tr class="error"><td><a href="#step-${e.step}">${e.step}</a></td><td><code>${esc(e.code)}</code></td><td>${esc(e.message)}</td><td>${esc(e.at)}</td></tr>`).join('')}</tbody></table>` : '<p class="empty">No errors in the result file.</p>'}
${failedCalls.length ? `<p>${failedCalls.length} call${failedCalls.length === 1 ? '' : 's'} did not end ok: ${failedCalls.map((a) => `step ${a.step} ${esc(a.tool)} (${esc(a.status)})`).join(', ')}.</p>` : ''}
</section>`;
}

function tailSection(input: ReportInput): string {
  const tail = input.checkpoint?.outputTail ?? [];
  if (!tail.length) return '';
  return `<section id="output"><h2>The run's own log (last ${tail.length} lines)</h2><details><summary>Show</summary><pre>${esc(tail.join('\n'))}</pre></details></section>`;
}

function describeAction(action?: PhysicalAction): string {
  if (!action) return 'Action unknown (no intent record)';
  switch (action.kind) {
    case 'tap':
      return `Tapped ${action.target ? `"${action.target}" ` : ''}at ${Math.round(action.device.x)},${Math.round(action.device.y)} (device px; actuator ${action.actuator.x},${action.actuator.y})${action.holdMs ? `, held ${action.holdMs} ms` : ''}`;
    case 'type':
      return action.secret ? `Typed ${action.text.length} secret characters` : `Typed "${action.text}"`;
    case 'key':
      return `Pressed ${[...(action.mods ?? []), action.key].join('+')}`;
    case 'long_press':
      return `Long-pressed ${action.target ? `"${action.target}" ` : ''}at ${Math.round(action.device.x)},${Math.round(action.device.y)} for ${action.durationMs} ms (actuator ${action.actuator.x},${action.actuator.y})`;
    case 'swipe': {
      const [from, to] = [action.device[0]!, action.device.at(-1)!];
      const what = action.holdMs ? `Dragged ${action.target ? `"${action.target}" ` : ''}` : 'Swiped ';
      return `${what}from ${Math.round(from.x)},${Math.round(from.y)} to ${Math.round(to.x)},${Math.round(to.y)}${action.endTarget ? ` (onto "${action.endTarget}")` : ''} in ${action.durationMs} ms (${action.device.length} points)`;
    }
  }
}

function describeExpectation(expectation?: JournalExpectation): string {
  switch (expectation?.kind) {
    case undefined:
      return 'unknown';
    case 'none':
      return 'nothing to check';
    case 'screen_changes':
      return 'the screen changes';
    case 'text_appears':
      return `"${expectation.text}" appears`;
    case 'text_gone':
      return `"${expectation.text}" goes`;
  }
}

function describeOutcome(outcome?: ActionOutcome): string {
  if (!outcome) return 'no answer recorded';
  const o = outcome as { kind: string; message?: string; code?: string };
  return `${o.kind}${o.code ? ` (${o.code})` : ''}${o.message ? `: ${o.message}` : ''}`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10000 ? 1 : 0)} s`;
const num = (n: number) => (Math.round(n * 10) / 10).toString();

function compactJson(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const CSS = `
:root{--ink:#1d232b;--muted:#5d6875;--line:#d5dbe2;--good:#17743c;--bad:#b3261e;--box:#0a84ff;--tap:#e5484d;--bg:#f6f8fa}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ink);background:var(--bg);margin:0;padding:16px 24px 40px;max-width:1280px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 10px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{font-size:15px;margin:0 0 8px}
.meta,.when,.dur,.cmd,.conf{color:var(--muted)}code{font:12px ui-monospace,monospace}pre{font:12px ui-monospace,monospace;white-space:pre-wrap;margin:0}
.sentence{font-size:16px;font-weight:600}
table.facts th{text-align:left;vertical-align:top;padding:3px 12px 3px 0;color:var(--muted);font-weight:500;white-space:nowrap}
table.list{border-collapse:collapse;width:100%;background:#fff}table.list th,table.list td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
.status{padding:1px 8px;border-radius:9px;background:#e3e8ee;font-weight:600}.status-submitted,.status-answered{background:#d7f2df;color:var(--good)}.status-halted,.status-budget_exhausted,.status-cancelled{background:#fbe1df;color:var(--bad)}
.good{color:var(--good)}.bad{color:var(--bad)}.empty{color:var(--muted);font-style:italic}
.budget{display:flex;align-items:center;gap:10px;margin:4px 0}.budget .label{width:50px;color:var(--muted)}.bar{display:inline-block;width:260px;height:10px;background:#e3e8ee;border-radius:5px;overflow:hidden}.fill{display:block;height:100%;background:var(--good)}.fill.full{background:var(--bad)}
article{background:#fff;border:1px solid var(--line);border-radius:8px;padding:12px 14px;margin:0 0 12px}
article.recovery{border-left:4px solid #8e6cd1}article.operator{border-left:4px solid #d19a2a}
.call{border-top:1px dashed var(--line);padding-top:8px;margin-top:8px}.call:first-of-type{border-top:0;margin-top:0;padding-top:0}
.call-head .tool{font-weight:700}.outcome{font-weight:600;margin-left:6px}.call-head,.message,.did,.expect,.verification,.approval{margin:3px 0}
.run-tag{font-size:12px;font-weight:400;color:var(--muted);border:1px solid var(--line);border-radius:8px;padding:0 6px}
.frames{display:flex;flex-wrap:wrap;gap:14px;margin-top:8px}
figure{margin:0;width:240px}figure.camera-view{width:min(100%,560px)}
.shot{position:relative;width:100%;background:#222;border:1px solid var(--line)}
.shot img{display:block;width:100%;height:100%}
.shot svg.overlay{position:absolute;inset:0;width:100%;height:100%}
.ocr-box{fill:rgba(10,132,255,.08);stroke:var(--box);stroke-width:1.5;vector-effect:non-scaling-stroke}.ocr-box.unsure{stroke:#f5a623;stroke-dasharray:4 3}
.tap-marker circle{fill:rgba(229,72,77,.25);stroke:var(--tap);stroke-width:2.5;vector-effect:non-scaling-stroke}.tap-marker line{stroke:var(--tap);stroke-width:2;vector-effect:non-scaling-stroke}.tap-marker.faded{opacity:.45}
.screen-quad{fill:rgba(10,132,255,.1);stroke:var(--box);stroke-width:2;vector-effect:non-scaling-stroke}.corner-origin{fill:var(--tap)}
figcaption{font-size:12px;color:var(--muted);margin-top:4px}details{font-size:12px;margin-top:2px}.ocr-text{margin:4px 0;padding-left:20px}
figure.missing .gone{height:120px;display:flex;align-items:center;justify-content:center;text-align:center;padding:8px;background:#eee;color:var(--muted);border:1px dashed var(--line)}
.step-errors{color:var(--bad);margin:8px 0 0}
footer{margin-top:30px;color:var(--muted);font-size:12px}
`;
