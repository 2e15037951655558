/** `text` with the HTML special characters escaped, for element text and attribute values. */
export const esc = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
