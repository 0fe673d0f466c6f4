// The keys a place in the config accepts, read from the schema itself, so an "unknown key" error
// can list the right ones.
import type { z } from 'zod';
import type { Path } from './yaml-schema.js';

interface Definition {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
}

const definition = (schema: z.ZodType): Definition => (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** The object schemas a value at `path` may be (several under a union). */
function objectsAt(schema: z.ZodType, path: Path): Definition[] {
  const def = definition(schema);
  if (def.innerType) return objectsAt(def.innerType, path);
  if (def.type === 'pipe' && def.in) return objectsAt(def.in, path);
  if (def.type === 'union' && def.options) return def.options.flatMap((option) => objectsAt(option, path));
  if (path.length === 0) return def.type === 'object' ? [def] : [];
  const [head, ...rest] = path;
  if (def.type === 'array' && def.element && typeof head === 'number') return objectsAt(def.element, rest);
  const child = def.type === 'object' && typeof head === 'string' ? def.shape?.[head] : undefined;
  return child ? objectsAt(child, rest) : [];
}

export function keysAt(schema: z.ZodType, path: Path): string[] {
  return [...new Set(objectsAt(schema, path).flatMap((def) => Object.keys(def.shape ?? {})))];
}
