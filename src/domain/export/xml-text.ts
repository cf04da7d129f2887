/**
 * Text inside XML (GPX, KML): the five markup characters escaped, and the characters XML 1.0
 * forbids (controls other than tab, line feed and carriage return; lone surrogates; U+FFFE and
 * U+FFFF) replaced by U+FFFD, so no name can make the file ill-formed.
 */

const FORBIDDEN =
	// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed.
	/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const MARKUP = /[&<>"']/g;
const ENTITIES: Record<string, string> = {
	"&": "&amp;",
	"<": "&lt;",
	">": "&gt;",
	'"': "&quot;",
	"'": "&apos;",
};

export function escapeXml(text: string): string {
	return text.replace(FORBIDDEN, "\ufffd").replace(MARKUP, (c) => ENTITIES[c]!);
}
