// Colours of the light and dark phone themes, and the density-independent pixel scale
// (layouts are written for a 360 dp wide phone, so 1080 px wide means 3 px per dp).

export interface Palette {
  background: string;
  surface: string;
  text: string;
  secondaryText: string;
  accent: string;
  onAccent: string;
  danger: string;
  divider: string;
  statusBar: string;
  navigationBar: string;
  toast: string;
  onToast: string;
  scrim: string;
  lockBackground: string;
  disabled: string;
  /** A heads-up notification's card: a tinted surface container, as Material 3 draws it over the app. */
  notification: string;
}

export const palettes: Record<'light' | 'dark', Palette> = {
  light: {
    background: '#FFFFFF',
    surface: '#F1F3F8',
    text: '#1C1B1F',
    secondaryText: '#5E5E6A',
    accent: '#1A73E8',
    onAccent: '#FFFFFF',
    danger: '#C5221F',
    divider: '#D9DBE3',
    statusBar: '#F1F3F8',
    navigationBar: '#F1F3F8',
    toast: '#323232',
    onToast: '#F5F5F5',
    scrim: '#000000',
    lockBackground: '#0F1C2E',
    disabled: '#A6A8B3',
    notification: '#E2E6EE',
  },
  dark: {
    background: '#121212',
    surface: '#23252B',
    text: '#E8E8EC',
    secondaryText: '#A9ABB5',
    accent: '#8AB4F8',
    onAccent: '#0B1F3A',
    danger: '#F28B82',
    divider: '#3A3D45',
    statusBar: '#1B1C20',
    navigationBar: '#1B1C20',
    toast: '#E0E0E0',
    onToast: '#1C1B1F',
    scrim: '#000000',
    lockBackground: '#05080D',
    disabled: '#5F626C',
    notification: '#23252B',
  },
};

/** Pixels per dp for a device of this width. */
export function pixelsPerDp(width: number): number {
  return width / 360;
}
