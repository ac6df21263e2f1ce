import type { LabJobKind } from '../../config/jobs';
import type { LabSettings } from '../../config/labConfig';

/** What each lab panel needs from the lab's one settings table. */
export interface LabPanelProps {
  /** The lab's settings as they would run now; null while a value is refused. */
  settings: LabSettings | null;
  /** Raw form values, for the panel's own inputs. */
  values: Record<string, string>;
  /** Why a job cannot start now, or null. */
  blocked: string | null;
  run(kind: LabJobKind, settings: LabSettings): void;
}
