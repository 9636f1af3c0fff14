// Window size and position kept across runs in <userData>/window-state.json. A saved
// position is used only if it is still on a connected display (a monitor may be gone).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1200, height: 800 };
export const MIN_SIZE = { width: 900, height: 600 };

function isRect(v: unknown): v is Rect {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return ['x', 'y', 'width', 'height'].every((k) => Number.isSafeInteger(r[k]));
}

function overlaps(a: Rect, b: Rect): boolean {
  // At least a 100×50 px strip of the title bar area must be reachable on the display.
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w >= 100 && h >= 50;
}

/** The saved state, or null when missing, unreadable, too small or off every display. */
export function loadWindowState(file: string, workAreas: Rect[]): WindowState | null {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { bounds, maximized } = raw as Record<string, unknown>;
  if (!isRect(bounds) || bounds.width < MIN_SIZE.width || bounds.height < MIN_SIZE.height) {
    return null;
  }
  if (!workAreas.some((area) => overlaps(bounds, area))) return null;
  return { bounds, maximized: maximized === true };
}

export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  // Write then rename, so a crash mid-write never leaves a half file.
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, file);
}
