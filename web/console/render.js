// One card per bench, built once from the template in index.html and updated in place on every
// message (so a half-typed redirect survives). Text only through textContent: nothing a bench or an
// OCR read publishes is ever taken as HTML.
import {
  clockTime,
  describeDuration,
  describeElement,
  describeEvent,
  describeFinding,
  describeRegion,
} from './describe.js';
import { isOnline } from './benches.js';
import { drawView } from './view-canvas.js';

const EVENTS_SHOWN = 15;

/** Builds the card; controls exist only for an operator (a viewer's page has none to press). */
export function createCard(benchId, role) {
  const card = document.getElementById('bench-card').content.firstElementChild.cloneNode(true);
  card.dataset.bench = benchId;
  card.querySelector('.bench-id').textContent = benchId;
  if (role !== 'operator') for (const control of card.querySelectorAll('.operator-only')) control.remove();
  return card;
}

function set(card, selector, value) {
  const element = card.querySelector(selector);
  if (element && element.textContent !== value) element.textContent = value;
  return element;
}

function show(element, visible) {
  if (element) element.hidden = !visible;
}

export function updateCard(card, bench) {
  const online = isOnline(bench);
  const state = bench.state ?? {};
  card.classList.toggle('offline', !online);
  const availability = set(card, '.availability', online ? 'online' : 'offline');
  availability.classList.toggle('ok', online);
  show(card.querySelector('.estopped'), state.estopped === true);
  card.classList.toggle('is-estopped', state.estopped === true);
  updateRun(card, state.run);
  followHold(card, state);
  if (state.at) card.dataset.stateAt = state.at;
  updateApproval(card, state);
  set(
    card,
    '.last-action',
    state.lastAction
      ? `${state.lastAction.summary} → ${state.lastAction.status} (${clockTime(state.lastAction.at)})`
      : 'none',
  );
  set(card, '.screen-text', state.lastScreenText || bench.view?.lines?.map((line) => line.text).join('\n') || 'none');
  updateEvents(card, bench.events);
  updateFindings(card, [...bench.findings.values()].reverse());
  if (bench.view && card.dataset.viewAt !== bench.view.at) updateView(card, bench.view);
}

function updateRun(card, run) {
  const status = set(card, '.run-status', run ? (run.status ?? 'running') : 'idle');
  status.dataset.status = run?.status ?? 'idle';
  set(card, '.run-phase', run ? `step ${run.step ?? '?'}${run.phase ? `, ${run.phase}` : ''}` : 'no run');
  set(card, '.run-task', run?.task ? `${run.task}${run.interpreter ? ` (${run.interpreter})` : ''}` : '');
  set(card, '.goal', run?.goal ? `Goal: ${run.goal}` : '');
  const steps = card.querySelector('.steps'),
    time = card.querySelector('.time');
  const used = run?.stepsUsed ?? run?.step ?? 0,
    max = run?.maxSteps;
  steps.max = max || 1;
  steps.value = max ? Math.min(used, max) : 0;
  set(card, '.steps-text', run ? `${used}${max ? ` / ${max}` : ''}` : '');
  time.max = run?.deadlineMs || 1;
  time.value = run?.deadlineMs ? Math.min(run.elapsedMs ?? 0, run.deadlineMs) : 0;
  set(
    card,
    '.time-text',
    run?.deadlineMs ? `${describeDuration(run.elapsedMs ?? 0)} / ${describeDuration(run.deadlineMs)}` : '',
  );
}

/**
 * This page holds the bench from its take until its hand-back, or until the bench reports a
 * hand-back after the take: the bench hands back for a holder idle past mqtt.manualIdleMinutes,
 * and the holder may hand back from another page or client. The page then stops sending actions
 * (a click would only be refused with "take the bench first").
 */
function followHold(card, state) {
  const manual = card.querySelector('.manual');
  const back = state.lastAction;
  if (manual?.dataset.held !== 'true' || back?.tool !== 'operator_hand_back' || back.status !== 'ok') return;
  if (!back.at || back.at <= (manual.dataset.heldSince ?? '')) return;
  manual.dataset.held = 'false';
  set(
    card,
    '.manual-note',
    `Handed back at ${clockTime(back.at)} (from elsewhere, or by the bench after no action for its idle limit): take the bench again to act.`,
  );
}

function updateApproval(card, state) {
  const pending = state.pendingApproval;
  const section = card.querySelector('.approval');
  show(section, Boolean(pending));
  card.classList.toggle('asks', Boolean(pending));
  if (pending) {
    section.dataset.approvalId = pending.id;
    set(card, '.approval-summary', pending.summary);
    const context = pending.context ?? {};
    set(card, '.approval-screen', context.screenTitle || '—');
    set(card, '.approval-dialog', context.region ? describeRegion(context.region) : '—');
    set(card, '.approval-element', context.element ? describeElement(context.element) : '—');
    set(card, '.approval-rule', `${pending.rule}, asked ${clockTime(pending.since)}`);
    const picture = card.querySelector('.approval-picture');
    const source = pending.picture?.base64 ? `data:image/jpeg;base64,${pending.picture.base64}` : '';
    if (picture.dataset.approvalId !== pending.id) {
      picture.dataset.approvalId = pending.id;
      if (source) {
        picture.src = source;
        picture.width = pending.picture.width;
        picture.height = pending.picture.height;
      }
      show(picture, Boolean(source));
      const reason = card.querySelector('.deny-reason');
      if (reason) reason.value = '';
    }
  }
  // Who answered first, from the bench itself: several people may be watching.
  const answer = state.lastApprovalAnswer;
  const outcome = card.querySelector('.approval-outcome');
  if (answer && !pending) {
    outcome.dataset.approvalId = answer.id;
    outcome.dataset.approved = String(answer.approved);
    set(
      card,
      '.approval-outcome',
      `${answer.approved ? 'Approved' : 'Denied'} by ${answer.by} at ${clockTime(answer.at)}: ${answer.summary}${answer.reason ? ` (${answer.reason})` : ''}`,
    );
  }
  show(outcome, Boolean(answer) && !pending);
}

function updateEvents(card, events) {
  const list = card.querySelector('.events');
  const shown = events.slice(0, EVENTS_SHOWN);
  const key = shown.map((event) => event.id).join(',');
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(
    ...shown.map((event) => {
      const item = document.createElement('li');
      item.dataset.type = event.type;
      const time = document.createElement('time');
      time.textContent = clockTime(event.at);
      item.append(time, ` ${describeEvent(event)}`);
      return item;
    }),
  );
}

function updateFindings(card, findings) {
  const list = card.querySelector('.findings');
  const key = findings.map((finding) => `${finding.id}:${finding.status}:${finding.occurrences}`).join(',');
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  if (!findings.length) {
    const none = document.createElement('li');
    none.className = 'muted';
    none.textContent = 'none';
    return list.replaceChildren(none);
  }
  list.replaceChildren(
    ...findings.map((finding) => {
      const item = document.createElement('li');
      item.dataset.severity = finding.severity;
      item.textContent = `${describeFinding(finding)} · ${finding.id.slice(0, 8)}`;
      return item;
    }),
  );
}

function updateView(card, view) {
  card.dataset.viewAt = view.at;
  const canvas = card.querySelector('.view');
  void drawView(canvas, view).then((drawn) => {
    if (card.dataset.viewAt !== view.at) return;
    canvas.dataset.boxes = String(drawn.boxes);
    canvas.dataset.tap = String(drawn.tap);
    canvas.dataset.tapPoint = view.lastTap ? `${view.lastTap.x},${view.lastTap.y}` : '';
    canvas.dataset.drawnAt = view.at;
    // Manual control turns a press on the picture into device pixels (remote-control.js).
    canvas.dataset.deviceWidth = String(view.deviceSize.width);
    canvas.dataset.deviceHeight = String(view.deviceSize.height);
    set(
      card,
      '.view-caption',
      drawn.failed
        ? 'The picture could not be shown'
        : `Seen ${clockTime(view.at)} · ${drawn.boxes} text lines boxed${drawn.tap ? ' · red: last tap' : ''}`,
    );
  });
}
