/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(value: string) {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/**
 * A path on this site ('/madden', '/content/x?y'), never another host: '//host' and '/\host' lead
 * off the site (browsers read a backslash as a slash and drop tabs and line breaks from a URL).
 */
export function isSitePath(value: string) {
  return /^\/(?![/\\])/.test(value) && !/[\\\u0000-\u001f\u007f]/.test(value);
}
