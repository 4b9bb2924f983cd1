// The DOM helper the editor's components share.

/** A new element with properties set and children appended (text children stay text). */
export function el(tag, props = {}, ...kids) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
}
