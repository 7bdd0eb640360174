import type { Locator } from 'playwright-core';

/**
 * The words of an element's text that the browser laid out over more than one line ("Yearl / y",
 * "Custom / ers"), each with its line boxes [left, top, bottom], measured with a Range per word:
 * on one line a word's boxes overlap in height, on two one lies below the other.
 */
export function wordsBrokenIn(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
        if (boxes.some((r) => r.top >= boxes[0]!.bottom - 1)) broken.push(`${match[0]} ${JSON.stringify(boxes.map((r) => [Math.round(r.left), Math.round(r.top), Math.round(r.bottom)]))}`);
      }
    }
    return broken;
  });
}
