/** A LIKE/ILIKE pattern that matches `text` literally: %, _ and \ lose their special meaning. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
