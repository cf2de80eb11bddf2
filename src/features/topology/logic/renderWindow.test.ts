// The render window: the view grown by a margin, in graph coordinates, and when it must move.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  contains,
  intersects,
  renderWindow,
  visibleArea,
  windowOutdated,
  type View,
} from './renderWindow';

const view = (x: number, y: number, scale: number): View => ({
  width: 1000,
  height: 500,
  x,
  y,
  scale,
});

void describe('visibleArea and renderWindow', () => {
  void it('maps the view to graph coordinates through the translation and scale', () => {
    // Translated by (-200, -100) at scale 2: the view shows graph (100, 50) to (600, 300).
    assert.deepEqual(visibleArea(view(-200, -100, 2)), { x: 100, y: 50, width: 500, height: 250 });
    assert.deepEqual(renderWindow(view(-200, -100, 2)), {
      x: -150,
      y: -75,
      width: 1000,
      height: 500,
    });
    assert.deepEqual(renderWindow(view(-200, -100, 2), 1), {
      x: -400,
      y: -200,
      width: 1500,
      height: 750,
    });
  });

  void it('has no area for an unmeasured view', () => {
    assert.equal(visibleArea({ width: 0, height: 0, x: 0, y: 0, scale: 1 }), undefined);
    assert.equal(renderWindow(view(0, 0, 0)), undefined);
  });
});

void describe('windowOutdated', () => {
  const made = renderWindow(view(0, 0, 1));

  void it('needs a first window', () => {
    assert.equal(windowOutdated(undefined, view(0, 0, 1)), true);
  });

  void it('keeps the window while a drag stays inside it', () => {
    // The window reaches 500 px left and right of the view and 250 px above and below it.
    assert.equal(windowOutdated(made, view(-300, -150, 1)), false);
    assert.equal(windowOutdated(made, view(450, 200, 1)), false);
  });

  void it('moves the window once the view shows graph outside it', () => {
    assert.equal(windowOutdated(made, view(-600, 0, 1)), true);
    // Zoomed out to a half: the view is as large as the whole window, and a little off it.
    assert.equal(windowOutdated(made, view(10, 0, 1 / 2)), true);
    assert.equal(windowOutdated(made, view(250, 125, 1 / 2)), false);
  });

  void it('tightens a window the view zoomed far into', () => {
    assert.equal(windowOutdated(made, view(0, 0, 1.2)), false);
    assert.equal(windowOutdated(made, view(0, 0, 2)), true);
  });
});

void describe('contains and intersects', () => {
  const r = { x: 0, y: 0, width: 10, height: 10 };
  void it('tell inside, overlapping and apart', () => {
    assert.equal(contains(r, { x: 1, y: 1, width: 2, height: 2 }), true);
    assert.equal(contains(r, { x: 9, y: 1, width: 2, height: 2 }), false);
    assert.equal(intersects(r, { x: 9, y: 1, width: 2, height: 2 }), true);
    assert.equal(intersects(r, { x: 10, y: 0, width: 2, height: 2 }), false);
  });
});
