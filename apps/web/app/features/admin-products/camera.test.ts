import { describe, expect, it } from 'vitest';
import { cameraLabel, snapshotName } from './camera';
import { moveItem } from './photo-order';

describe('camera', () => {
  it('labels a device by its label or its id', () => {
    expect(cameraLabel({ label: 'FaceTime HD', deviceId: 'abc123' })).toBe('FaceTime HD');
    expect(cameraLabel({ label: '', deviceId: 'abcdef9f3c' })).toBe('Camera 9f3c');
  });

  it('names snapshots with a timestamp', () => {
    expect(snapshotName(new Date('2026-03-10T09:05:01.123Z'))).toBe('snapshot-2026-03-10T09-05-01-123Z.png');
  });
});

describe('photo order', () => {
  it('moves a photo left or right', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });

  it('stays within the list', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });
});
