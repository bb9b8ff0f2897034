// Every finding for one pack source: corrupt lines, then (when it decodes)
// the assess split. Filled in by the pack core.

import type { Finding } from '../finding';
import type { PackSettings } from '../settings';

export function checkPack(_text: string, _settings: PackSettings): Finding[] {
  return [];
}
