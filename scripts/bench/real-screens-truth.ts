// The recorded real apps' text truth (../shared/real-apps/<app>/truth/, README there), read for
// measurement only: never copied into this repository. Each screen: its screenshot cut to the
// display (the phone's display was 1080×1920, the screenshots 1080×2340 with black rows below),
// its truth texts with the view class each came from, its window (the view tree's root: a dialog's
// panel, else the display) and the views that carry a role (buttons, fields, toggles).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { classify, type TextClass } from './real-screens-classes.js';

export const REAL_APPS = join(import.meta.dirname, '../../../shared/real-apps');

export interface TruthText {
  text: string;
  box: [number, number, number, number];
  /** The view class the text came from (undefined where the screen's view tree is not kept). */
  viewClass?: string;
  textClass: TextClass;
  /** Cut to the words before its ellipsis (real-screens-score.ts withoutNoise): the read is cut alike. */
  cut?: boolean;
  /** The text's box is blank in the screenshot (an item being swiped away, a field's text not drawn). */
  blank?: boolean;
}

export interface RoleView {
  viewClass: string;
  box: [number, number, number, number];
  /** A toggle's state as the view tree has it. */
  checked?: boolean;
}

export interface RealScreen {
  app: string;
  tag: string;
  /** The screenshot cut to the display, PNG. */
  png: Buffer;
  width: number;
  height: number;
  texts: TruthText[];
  window: [number, number, number, number];
  roleViews: RoleView[];
  /** Whether the screen's view tree was kept (without it there is no role truth). */
  viewTree: boolean;
  /** Icon buttons (ImageButton) that draw an icon: targets without a label, measured apart from the Button views. */
  iconButtons: [number, number, number, number][];
  /** Icon buttons that draw nothing in the screenshot (no picture shows them): counted apart, not measured. */
  blankIconButtons: [number, number, number, number][];
}

interface View {
  class: string;
  text: string | null;
  bounds: [[number, number], [number, number]];
  parent: number;
  visible: boolean;
  checked?: boolean;
}

/** Every truth screen, or undefined when the folder is absent. */
export async function loadRealScreens(root = REAL_APPS): Promise<RealScreen[] | undefined> {
  if (!existsSync(root)) return undefined;
  const screens: RealScreen[] = [];
  for (const app of readdirSync(root).sort()) {
    const folder = join(root, app, 'truth');
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .sort()) {
      screens.push(await loadScreen(root, app, name.replace(/\.json$/, '')));
    }
  }
  return screens;
}

async function loadScreen(root: string, app: string, tag: string): Promise<RealScreen> {
  const truth = JSON.parse(readFileSync(join(root, app, 'truth', `${tag}.json`), 'utf8')) as {
    texts: { text: string; box: [number, number, number, number] }[];
  };
  const jpeg = readFileSync(join(root, app, 'truth', `${tag}.jpg`));
  const { width, height: imageHeight } = await sharp(jpeg).metadata();
  const height = await displayHeight(jpeg, width!, imageHeight!);
  const display = sharp(jpeg).extract({ left: 0, top: 0, width: width!, height });
  const png = await display.clone().png().toBuffer();
  const rgb = await display.clone().removeAlpha().raw().toBuffer();
  const gray = await display.clone().greyscale().raw().toBuffer();
  const stateFile = join(root, app, 'states', `state_${tag}.json`);
  const views = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as { views: View[] }).views : [];
  const flat = (view: View): [number, number, number, number] => [
    view.bounds[0][0],
    view.bounds[0][1],
    view.bounds[1][0],
    view.bounds[1][1],
  ];
  const root_ = views.find((view) => view.parent === -1);
  const texts = truth.texts.map((text) => {
    const view = views.find(
      (v) => v.text?.trim() === text.text && flat(v).every((value, i) => Math.abs(value - text.box[i]!) <= 1),
    );
    const textClass = classify(
      { rgb: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length), width: width!, height },
      text.box,
    );
    const blank = levelRange({ gray, width: width!, height }, text.box, 0.01) < BLANK_TEXT_RANGE;
    return { ...text, ...(view ? { viewClass: view.class } : {}), textClass, ...(blank ? { blank } : {}) };
  });
  const roleViews = views
    .filter((view) => view.visible && ROLE_OF_CLASS(view.class) !== undefined)
    .map((view) => ({
      viewClass: view.class,
      box: flat(view),
      ...(ROLE_OF_CLASS(view.class) === 'toggle' && view.checked !== undefined ? { checked: view.checked } : {}),
    }))
    .filter(({ box }) => box[2] - box[0] >= 16 && box[3] - box[1] >= 16 && box[1] >= 0 && box[3] <= height);
  return {
    app,
    tag,
    png,
    width: width!,
    height,
    texts,
    window: root_ ? flat(root_) : [0, 0, width!, height],
    roleViews,
    viewTree: views.length > 0,
    ...iconButtonsOf(
      views.filter((view) => view.visible && /ImageButton$/.test(view.class) && flat(view)[3] <= height).map(flat),
      { gray, width: width!, height },
    ),
  };
}

/** An icon button whose gray levels inside the view span less than this draws nothing: no picture can show it as a button. */
const BLANK_ICON_RANGE = 24;

/**
 * A text box whose levels span less than this (1st to 99th percentile) shows no text: the
 * faintest texts drawn in these recordings (hints, disabled labels) span 60 levels and more, the
 * blank boxes 0 to 3.
 */
const BLANK_TEXT_RANGE = 16;

/**
 * The icon buttons that draw something (their gray levels inside the view span BLANK_ICON_RANGE or
 * more: an icon on its ground) and those that draw nothing in the screenshot (an empty
 * ImageButton, a transparent placeholder), counted apart.
 */
function iconButtonsOf(
  boxes: [number, number, number, number][],
  picture: { gray: Buffer; width: number; height: number },
): Pick<RealScreen, 'iconButtons' | 'blankIconButtons'> {
  // From the darkest to the lightest pixel: an icon's ink may be under 1 % of its view.
  const drawn = boxes.filter((box) => levelRange(picture, box, 0) >= BLANK_ICON_RANGE);
  return { iconButtons: drawn, blankIconButtons: boxes.filter((box) => !drawn.includes(box)) };
}

/** The range of gray levels in a box, from the `share` to the 1 - `share` percentile. */
function levelRange(
  { gray, width, height }: { gray: Buffer; width: number; height: number },
  [x0, y0, x1, y1]: TruthText['box'],
  share: number,
): number {
  const counts = new Array<number>(256).fill(0);
  let total = 0;
  for (let y = Math.max(0, y0); y < Math.min(height, y1); y++)
    for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) {
      counts[gray[y * width + x]!]!++;
      total++;
    }
  const level = (part: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value++) if ((seen += counts[value]!) > part * total) return value;
    return 255;
  };
  return total ? level(1 - share - 1e-9) - level(share) : 0;
}

/**
 * The display's height: a 16:9 display's (1080×1920) when every row below it is black, as in these
 * recordings; else the whole picture.
 */
async function displayHeight(jpeg: Buffer, width: number, height: number): Promise<number> {
  const display = Math.round((width * 16) / 9);
  if (height <= display) return height;
  const below = await sharp(jpeg)
    .extract({ left: 0, top: display, width, height: height - display })
    .greyscale()
    .stats();
  return below.channels[0]!.max <= 24 ? display : height;
}

/** The screen model's element kind a view class should come out as (undefined: no role measured). */
export function ROLE_OF_CLASS(viewClass: string): 'button' | 'field' | 'toggle' | undefined {
  const name = viewClass.split('.').pop()!;
  if (/^(AppCompat|Material)?Button$/.test(name)) return 'button';
  if (/EditText$|AutoCompleteTextView$/.test(name)) return 'field';
  if (/^(Switch|SwitchCompat|SwitchMaterial|ToggleButton|CheckBox|AppCompatCheckBox|MaterialCheckBox)$/.test(name))
    return 'toggle';
  return undefined;
}

/** Letters of scripts other than Latin (Greek, Cyrillic, Arabic, CJK): such screens are reported apart. */
export const OTHER_SCRIPT = /[\u0370-\u03ff\u0400-\u04ff\u0600-\u06ff\u3040-\u30ff\u4e00-\u9fff]/u;
