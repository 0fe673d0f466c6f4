// The operator web console: log in with a broker user, watch every bench, and (as an operator)
// steer them with the bench's own commands. Served by `benchhand ops web`; talks to nothing but
// that server (its files, /config.json) and the broker over WebSockets.
import { applyMessage } from './benches.js';
import { BrokerSession, userProblem } from './broker.js';
import { describeReply } from './describe.js';
import { listenForGestures } from './remote-control.js';
import { createCard, updateCard } from './render.js';

const benches = new Map();
const cards = new Map();
let session;
let brokerUrl;

const $ = (id) => document.getElementById(id);

async function loadConfig() {
  const response = await fetch('config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  const config = await response.json();
  if (typeof config.broker !== 'string') throw new Error('config.json has no broker URL');
  return config.broker;
}

function setSession(text, kind = '') {
  const element = $('session');
  element.textContent = text;
  element.dataset.kind = kind;
}

async function logIn(event) {
  event.preventDefault();
  const form = $('login');
  const user = form.elements.username.value.trim();
  const password = form.elements.password.value;
  // Out of the page at once: the fields are emptied, the password is only in the session below.
  form.elements.password.value = '';
  const problem = userProblem(user);
  if (problem) {
    $('login-error').textContent = problem;
    return;
  }
  $('login-error').textContent = '';
  form.querySelector('button').disabled = true;
  setSession('connecting…');
  try {
    session = await BrokerSession.connect(brokerUrl, user, password, onConnectionStatus);
  } catch (error) {
    $('login-error').textContent = error.message;
    setSession('');
    form.querySelector('button').disabled = false;
    return;
  }
  const role = await session.probeRole();
  document.body.dataset.role = role;
  form.hidden = true;
  $('logout').hidden = false;
  setSession(`${user} · ${role}`, 'connected');
  const note = $('role-note');
  note.textContent =
    role === 'operator'
      ? 'Operator: you can pause, resume, stop, redirect, e-stop and answer approvals.'
      : `Viewer: you can watch; ${session.roleReason}, so no controls are shown.`;
  note.dataset.role = role;
  note.dataset.reason = session.roleReason;
  note.hidden = false;
  $('no-benches').hidden = benches.size > 0;
  await session.subscribe(onMessage);
}

function onConnectionStatus(status) {
  if (!session) return;
  const who = `${session.user} · ${session.role}`;
  if (status.kind === 'connected') setSession(who, 'connected');
  else if (status.kind === 'reconnecting') setSession(`${who} · reconnecting…`, 'reconnecting');
  else if (status.kind === 'closed') setSession(`${who} · connection lost, retrying`, 'reconnecting');
  else if (status.kind === 'error') setSession(`${who} · ${status.message}`, 'reconnecting');
}

function onMessage(topic, payload) {
  const benchId = applyMessage(benches, topic, payload);
  if (!benchId) return;
  let card = cards.get(benchId);
  if (!card) {
    card = createCard(benchId, session.role);
    cards.set(benchId, card);
    const list = $('benches');
    const after = [...list.children].find((other) => other.dataset.bench > benchId);
    list.insertBefore(card, after ?? null);
    $('no-benches').hidden = true;
    if (session.role === 'operator') addBarEstop(benchId);
  }
  updateCard(card, benches.get(benchId));
}

/** The bench's e-stop in the bar at the bottom, in id order like the cards. */
function addBarEstop(benchId) {
  const bar = $('estop-bar');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'estop';
  button.dataset.command = 'estop';
  button.dataset.bench = benchId;
  button.textContent = `E-STOP ${benchId}`;
  const after = [...bar.children].find((other) => other.dataset.bench > benchId);
  bar.insertBefore(button, after ?? null);
  bar.hidden = false;
  document.body.classList.add('has-estop-bar');
}

/** Every control: one command each, its reply shown on the card. The e-stop asks nothing first. */
async function onControl(event) {
  const button = event.target.closest('button[data-command]');
  if (!button || !session || session.role !== 'operator') return;
  event.preventDefault();
  const benchId = button.dataset.bench ?? button.closest('.bench').dataset.bench;
  const card = cards.get(benchId);
  const command = button.dataset.command;
  const body = { command };
  if (command === 'redirect') {
    const instructions = card.querySelector('.instructions').value.trim();
    if (!instructions) {
      card.querySelector('.reply').textContent = 'redirect: write the new instructions first';
      return;
    }
    body.instructions = instructions;
  }
  if (command === 'approve' || command === 'deny') {
    body.approvalId = card.querySelector('.approval').dataset.approvalId;
    const reason = card.querySelector('.deny-reason').value.trim();
    if (command === 'deny' && reason) body.reason = reason;
  }
  if (command === 'act') {
    const kind = button.dataset.action;
    body.action = { kind };
    if (kind === 'type') {
      const text = card.querySelector('.keyboard-text').value;
      if (!text) {
        card.querySelector('.reply').textContent = 'type: write the text first';
        return;
      }
      body.action.text = text;
    }
  }
  // The e-stop stays pressable while its reply is on the way; the others wait for theirs.
  if (command !== 'estop') button.disabled = true;
  const ok = await sendCommand(card, body);
  button.disabled = false;
  if (command === 'redirect' && ok) card.querySelector('.instructions').value = '';
  if (command === 'act' && body.action.kind === 'type' && ok) card.querySelector('.keyboard-text').value = '';
}

/** Sends one command and shows its reply on the card; true when the bench took it. */
async function sendCommand(card, body) {
  const { command } = body;
  const label = command === 'act' ? body.action.kind : command;
  const reply = card.querySelector('.reply');
  reply.textContent = `${label}: sent…`;
  reply.dataset.state = 'sent';
  const outcome = await session.send(card.dataset.bench, body);
  const ok = outcome.kind === 'reply' && outcome.reply.ok;
  reply.textContent = describeReply(label, outcome);
  reply.dataset.state = ok ? 'ok' : 'failed';
  reply.dataset.command = command;
  // Manual control: this page holds the bench from a delivered take until a delivered hand-back.
  if (ok && (command === 'take' || command === 'hand_back')) {
    const manual = card.querySelector('.manual');
    manual.dataset.held = String(command === 'take');
    // The bench's own time of the last state seen: a hand-back it reports later ends this hold (render.js).
    manual.dataset.heldSince = card.dataset.stateAt ?? '';
    manual.querySelector('.manual-note').textContent =
      command === 'take'
        ? 'You hold the bench once it has paused: tap, hold or drag on the picture; type below. Each action is checked and journaled as yours.'
        : 'Handed back: the run looks at the screen again before it goes on.';
  }
  return ok;
}

async function start() {
  $('login').addEventListener('submit', logIn);
  $('benches').addEventListener('click', onControl);
  // A press on a held bench's picture is a tap, a long press or a swipe (remote-control.js).
  listenForGestures($('benches'), (benchId, action) => {
    if (session?.role === 'operator') void sendCommand(cards.get(benchId), { command: 'act', action });
  });
  $('estop-bar').addEventListener('click', onControl);
  $('benches').addEventListener('submit', (event) => {
    event.preventDefault();
    event.target.querySelector('button[data-command]')?.click();
  });
  $('logout').addEventListener('click', () => {
    session?.end();
    session = undefined;
    location.reload();
  });
  try {
    brokerUrl = await loadConfig();
    $('broker-url').textContent = brokerUrl;
  } catch (error) {
    $('login-error').textContent =
      `The console cannot start: ${error.message}. Start it with \`benchhand ops web --broker ws://HOST:PORT\`.`;
    $('login').querySelector('button').disabled = true;
  }
}

void start();
