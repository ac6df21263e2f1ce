import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/testing/english';
import { cameraRefusal } from './camera';

const named = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('why the camera did not start', () => {
  it('says a refusal, a missing camera, and anything else with its detail', () => {
    expect(english(cameraRefusal(named('NotAllowedError')))).toContain('The camera was not allowed, so nothing was captured. Allow the camera');
    expect(english(cameraRefusal(named('NotFoundError')))).toContain('No camera was found on this device.');
    expect(english(cameraRefusal(named('NotReadableError', 'Could not start video source')))).toBe('The camera could not start: Could not start video source');
  });
});
