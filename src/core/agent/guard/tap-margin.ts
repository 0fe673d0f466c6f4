// A tap can miss by the rig's measured accuracy (the calibration's residual, a slipping stylus).
// So the gate judges not only the element under the point but every element within that margin:
// when one of them falls under an approval rule and the meant one does not, the aim moves inside
// the meant element, as far from the risky one as its box allows; if that is not far enough, the
// tap needs approval like the risky element itself. Pure.
import type { ScreenElement } from '../../vision/screen-elements.js';
import type { Box, ScreenModel } from '../../vision/screen-model.js';
import type { ApprovalRule } from './guardrail-config.js';

type Point = { x: number; y: number };

export interface MarginVerdict {
  /** Where to tap (moved away from a risky neighbour when that helped). */
  point: Point;
  /** A risky element still within the margin of the point, with the rule it falls under. */
  risky?: { element: ScreenElement; rule: ApprovalRule };
  moved: boolean;
}

export function judgeMargin(
  screen: ScreenModel,
  point: Point,
  aimBox: Box | undefined,
  marginPx: number,
  tool: string,
  rules: readonly ApprovalRule[],
): MarginVerdict {
  const dp = screen.deviceSize.width / DP_PER_WIDTH;
  const area = (e: ScreenElement) => touchArea(e, dp);
  const riskyNear = (p: Point) =>
    screen.elements
      .filter((e) => !(aimBox && sameBox(e.box, aimBox)) && gap(p, area(e)) <= marginPx)
      .map((element) => ({ element, rule: ruleFor(element.text, tool, rules) }))
      .filter((r): r is { element: ScreenElement; rule: ApprovalRule } => r.rule !== undefined)
      .sort((a, b) => gap(p, area(a.element)) - gap(p, area(b.element)));
  const first = riskyNear(point)[0];
  if (!first || marginPx <= 0) return { point, moved: false };
  if (!aimBox) return { point, risky: first, moved: false };
  // The point of the meant box farthest from every risky neighbour, on a coarse grid.
  let best = { point, clearance: gap(point, area(first.element)) };
  for (let i = 0; i <= 8; i++) {
    for (let j = 0; j <= 4; j++) {
      const candidate = {
        x: Math.round(aimBox.x + (aimBox.width * (i + 0.5)) / 9.5),
        y: Math.round(aimBox.y + (aimBox.height * (j + 0.5)) / 5.5),
      };
      const nearest = Math.min(
        ...screen.elements
          .filter((e) => ruleFor(e.text, tool, rules) && !sameBox(e.box, aimBox))
          .map((e) => gap(candidate, area(e))),
      );
      if (nearest > best.clearance) best = { point: candidate, clearance: nearest };
    }
  }
  const left = riskyNear(best.point)[0];
  return { point: best.point, moved: best.point !== point, ...(left ? { risky: left } : {}) };
}

/** A phone is about 360 dp wide. */
const DP_PER_WIDTH = 360;
/** A text button's padding beside its label (Material: 12 dp) and the least touch target height (48 dp). */
const TEXT_BUTTON_PADDING_DP = 12;
const MIN_TOUCH_DP = 48;

/**
 * Where a touch lands on the element, as far as the picture can tell. A shape seen in the pixels
 * (a filled or outlined button) is its own area; a label read without one (a dialog's text button)
 * (its box is its letters) takes touches beyond them, by the padding phones give such buttons: a tap 50 px right of
 * "Cancel" landed on "Delete" while it looked 172 px clear of the word.
 */
export function touchArea(element: ScreenElement, dp: number): Box {
  if (!sameBox(element.box, element.textBox)) return element.box;
  const padX = TEXT_BUTTON_PADDING_DP * dp;
  const padY = Math.max(0, (MIN_TOUCH_DP * dp - element.box.height) / 2);
  return {
    x: element.box.x - padX,
    y: element.box.y - padY,
    width: element.box.width + 2 * padX,
    height: element.box.height + 2 * padY,
  };
}

export function ruleFor(text: string, tool: string, rules: readonly ApprovalRule[]): ApprovalRule | undefined {
  return rules.find(
    (rule) =>
      (rule.tool === '*' || rule.tool === tool) &&
      rule.targetMatches !== undefined &&
      new RegExp(rule.targetMatches, 'i').test(text),
  );
}

/** Distance from a point to a box (0 inside it). */
function gap(p: Point, box: Box): number {
  const dx = Math.max(box.x - p.x, 0, p.x - (box.x + box.width));
  const dy = Math.max(box.y - p.y, 0, p.y - (box.y + box.height));
  return Math.hypot(dx, dy);
}

const sameBox = (a: Box, b: Box): boolean => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
