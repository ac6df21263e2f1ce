import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { decodeEvent, type DecodedEvent } from '../src/share/tensorboard/decodeEvent';
import { readRecords } from '../src/share/tensorboard/tfrecord';

/** Clicks a "Download TensorBoard logs" button; the file's name and its events, every record's length and checksums checked. */
export async function downloadTensorBoardLog(page: Page, button: Locator): Promise<{ name: string; events: DecodedEvent[] }> {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  const bytes = await readFile(await file.path());
  return { name: file.suggestedFilename(), events: readRecords(new Uint8Array(bytes)).map(decodeEvent) };
}

/** Each tag's steps, in file order. */
export function stepsByTag(events: readonly DecodedEvent[]): Record<string, number[]> {
  const steps: Record<string, number[]> = {};
  for (const event of events) for (const value of event.values) (steps[value.tag] ??= []).push(event.step);
  return steps;
}
