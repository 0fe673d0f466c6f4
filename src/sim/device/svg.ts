// Turns a view's shapes into one SVG document; text uses the DejaVu Sans family that the
// ground-truth boxes were measured with.
import { fontFamily } from './font-metrics.js';
import type { Shape, View } from './view.js';

export function viewToSvg(view: View, width: number, height: number): string {
  const body = view.shapes.map(shapeToSvg).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n${body}\n</svg>`;
}

function shapeToSvg(shape: Shape): string {
  switch (shape.kind) {
    case 'rect': {
      const { box } = shape;
      const radius = shape.radius ? ` rx="${shape.radius}"` : '';
      return `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}"${radius} fill="${shape.fill}"${stroke(shape.stroke, shape.strokeWidth)}${shape.opacity !== undefined ? ` opacity="${shape.opacity}"` : ''}/>`;
    }
    case 'circle':
      return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${shape.fill}"${stroke(shape.stroke, shape.strokeWidth)}/>`;
    case 'line':
      return `<line x1="${shape.x1}" y1="${shape.y1}" x2="${shape.x2}" y2="${shape.y2}" stroke="${shape.stroke}" stroke-width="${shape.width}"/>`;
    case 'polygon':
      return `<polygon points="${shape.points.map(([x, y]) => `${x},${y}`).join(' ')}" fill="${shape.fill}"/>`;
    case 'text': {
      const run = shape.run;
      const weight = run.weight === 'bold' ? ' font-weight="bold"' : '';
      return `<text x="${run.x.toFixed(1)}" y="${run.baseline.toFixed(1)}" font-family="${fontFamily()}" font-size="${run.size.toFixed(1)}"${weight} fill="${run.color}" xml:space="preserve">${escapeXml(run.text)}</text>`;
    }
  }
}

function stroke(color: string | undefined, width: number | undefined): string {
  return color ? ` stroke="${color}" stroke-width="${width ?? 1}"` : '';
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
