
// Added by web/build.py to Pyodide's pyodide.asm.mjs, whose restore of a memory snapshot then
// calls this instead of `Module.HEAP8.set(image)`. Python's memory is restored as before, but the
// pages that are zero in the snapshot (about half of its 31 MB: the free part of Python's heap) are
// not written where the new memory holds zeros already, as fresh memory does: a page never
// written costs the browser nothing, so the restored page holds about as much as a fresh boot.
function pygameRulesRestoreMemory(heap, image) {
  if (image.byteOffset % 4 !== 0 || image.length % 4 !== 0) {
    heap.set(image);
    return;
  }
  const from = new Int32Array(image.buffer, image.byteOffset, image.length / 4);
  const to = new Int32Array(heap.buffer, heap.byteOffset, image.length / 4);
  const PAGE = 1024;  // words: 4 KiB
  for (let start = 0; start < from.length; start += PAGE) {
    const end = Math.min(start + PAGE, from.length);
    if (!pygameRulesZero(from, start, end)) to.set(from.subarray(start, end), start);
    else if (!pygameRulesZero(to, start, end)) to.fill(0, start, end);
  }
}

function pygameRulesZero(words, start, end) {
  let i = start;
  for (; i + 8 <= end; i += 8) {  // eight words at a time: a fresh page is read at memory speed
    if (words[i] | words[i + 1] | words[i + 2] | words[i + 3] | words[i + 4] | words[i + 5] | words[i + 6]
        | words[i + 7]) return false;
  }
  for (; i < end; i++) if (words[i] !== 0) return false;
  return true;
}
