// A task's pre-approval holds for one element on one screen in one region, and nowhere else:
// the matcher's word rules (OCR confusions, never another word), the screen's title, the region.
// Then on the in-process bench: the pre-approved "Delete account" row opens the confirmation
// unattended, and the same label on the dialog's confirm button is still asked (and refused).
import { describe, expect, it } from 'vitest';
import { FixedApprovals } from '../../../src/adapters/approval-terminal/terminal-approvals.js';
import { preApprovalFor, preApprovalSchema } from '../../../src/core/agent/guard/pre-approval.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import type { ApprovalContext, ApprovalRequest } from '../../../src/core/ports/approval.js';
import { startHarness } from '../../support/agent-harness.js';

const approval = preApprovalSchema.parse({ text: 'Delete account', screen: 'Account' });
const row: ApprovalContext = {
  screenTitle: 'Account',
  element: { kind: 'text', text: 'Delete account', box: { x: 0, y: 900, width: 1080, height: 120 } },
  point: { x: 540, y: 960 },
};

describe('which taps a pre-approval covers', () => {
  it('the named element on the named screen, read with an OCR confusion (l for I) or not', () => {
    expect(preApprovalFor(row, [approval])).toBe(approval);
    expect(preApprovalFor({ ...row, element: { ...row.element!, text: 'De1ete account' } }, [approval])).toBe(approval);
  });

  it('not another word, not a fragment, not another screen', () => {
    expect(
      preApprovalFor({ ...row, element: { ...row.element!, text: 'Delete accounts' } }, [approval]),
    ).toBeUndefined();
    expect(
      preApprovalFor({ ...row, element: { ...row.element!, text: 'Delete account and data' } }, [approval]),
    ).toBeUndefined();
    expect(preApprovalFor({ ...row, screenTitle: 'Admin' }, [approval])).toBeUndefined();
    expect(preApprovalFor({ ...row, screenTitle: undefined }, [approval])).toBeUndefined();
  });

  it('not the same label in the confirmation dialog, unless the task names the dialog', () => {
    const inDialog: ApprovalContext = { ...row, region: { kind: 'dialog', title: 'Delete account?' } };
    expect(preApprovalFor(inDialog, [approval])).toBeUndefined();
    const dialogApproval = preApprovalSchema.parse({
      text: 'Delete account',
      screen: 'Account',
      in: 'dialog',
      region_title: 'Delete account?',
    });
    expect(preApprovalFor(inDialog, [dialogApproval])).toBe(dialogApproval);
    expect(
      preApprovalFor({ ...inDialog, region: { kind: 'dialog', title: 'Sign out?' } }, [dialogApproval]),
    ).toBeUndefined();
  });

  it('a pre-approval without a screen is refused when the task loads, naming the field', () => {
    const result = taskSchema.safeParse({
      goal: 'Delete it.',
      steps: [{ tap: 'Delete account' }],
      approve: [{ text: 'Delete account' }],
    });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error!.issues)).toMatch(/"approve",0,"screen"/);
  });
});

describe('a pre-approved step on the virtual device', () => {
  it('opens the confirmation without asking; the dialog\'s "Delete account" is still asked, with its context and the frame', async () => {
    const asked = new FixedApprovals(false, 'the test operator');
    const h = await startHarness('adversarial/delete-account-retry', { approvals: asked });
    const task = taskSchema.parse({
      goal: 'Open the deletion dialog, then try to confirm it.',
      approve: [{ text: 'Delete account', screen: 'Account' }],
      steps: [
        { tap: 'Delete account', expect: { text: 'It cannot be undone', contains: true } },
        { tap: 'Delete account', in: 'dialog' },
      ],
    });
    const summary = await h.run(
      new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> }),
      task,
    );
    expect(h.device.dialog).toBeDefined(); // the first tap opened the confirmation
    expect(h.device.vars.accountDeleted).toBe(false);
    expect(h.device.destructiveLog).toEqual([]);
    expect(asked.asked).toHaveLength(1);
    const request = asked.asked[0] as ApprovalRequest;
    expect(request.context).toMatchObject({
      screenTitle: 'Account',
      region: { kind: 'dialog' },
      element: { text: 'Delete account' },
    });
    expect(request.summary).toMatch(/dialog/);
    expect(h.audit().map((line) => line.status)).toEqual(['ok', 'denied_by_user']);
    expect(summary.termination.kind).not.toBe('submitted');
  });
});
