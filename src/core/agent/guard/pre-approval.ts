// A task's pre-approvals: for an unattended run, the person who wrote the task approves one
// element on one screen in advance (`approve: [{ text: Delete account, screen: Account }]`). It
// holds only where it was meant: the same whole text (OCR confusions aside, never another word),
// on a screen with that title, in the same region — so the same label in the confirmation dialog
// that follows is not approved unless the task says `in: dialog` too.
import { z } from 'zod';
import { sameText } from '../../vision/ocr-confusions.js';
import type { ApprovalContext } from '../../ports/approval.js';

const text = z.string().min(1).max(200);

export const preApprovalSchema = z.strictObject({
  /** The whole text of the element approved (a button's label, a row's text). */
  text,
  /** The title of the screen it is approved on. */
  screen: text,
  /** The region the element is in: the plain content (default), or a dialog, sheet, banner, toast. */
  in: z.enum(['content', 'dialog', 'sheet', 'banner', 'toast']).default('content'),
  /** The dialog's or sheet's title, when `in` names one and the task wants it pinned. */
  region_title: text.optional(),
});

export type PreApproval = z.output<typeof preApprovalSchema>;

/** The pre-approval that covers this approval context, if any. */
export function preApprovalFor(
  context: ApprovalContext | undefined,
  preApprovals: readonly PreApproval[],
): PreApproval | undefined {
  const element = context?.element;
  if (!element || !context.screenTitle) return undefined;
  const region = context.region?.kind ?? 'content';
  return preApprovals.find(
    (approval) =>
      sameText(approval.text, element.text) &&
      sameText(approval.screen, context.screenTitle!) &&
      approval.in === region &&
      (approval.region_title === undefined ||
        (context.region?.title !== undefined && sameText(approval.region_title, context.region.title))),
  );
}

/** In words, for the audit line and the run's events. */
export function describePreApproval(approval: PreApproval): string {
  const where =
    approval.in === 'content'
      ? ''
      : ` in the ${approval.in}${approval.region_title ? ` "${approval.region_title}"` : ''}`;
  return `the task's pre-approval of "${approval.text}" on the screen "${approval.screen}"${where}`;
}
