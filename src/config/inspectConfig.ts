import { TEST_SET_SIZE } from './datasets';
import { defaultsOf, readSettings, table, type FieldError, type ValuesOf } from './schema';

/** The "Look inside" view's settings: what a lesson or a link can set there. */
export const INSPECT_SCHEMA = {
  temperature: {
    kind: 'float',
    label: 'Softmax temperature',
    help: 'Divides the logits before the softmax: below 1 the model sounds surer, above 1 less sure; 1 is the model as trained.',
    default: 1,
    min: 0.1,
    max: 10,
  },
  testImage: {
    kind: 'int',
    label: 'Test image',
    help: 'Which test-set image the feature maps follow through each convolution layer.',
    default: 0,
    min: 0,
    max: TEST_SET_SIZE - 1,
  },
} as const;

export const INSPECT_TABLE = table('inspect', INSPECT_SCHEMA);

export type InspectSettings = ValuesOf<typeof INSPECT_SCHEMA>;

export function defaultInspectSettings(): InspectSettings {
  return defaultsOf(INSPECT_SCHEMA);
}

export function parseInspectSettings(raw: Readonly<Record<string, unknown>>): { settings: InspectSettings; errors: FieldError[] } {
  const { values, errors } = readSettings(INSPECT_TABLE, raw);
  return { settings: values, errors };
}
