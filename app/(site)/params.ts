// Catch-all page segments back to the id or name they encode. Unlike route handlers, pages receive
// segments still percent-encoded (checked on Next 16.4), so each is decoded exactly once here. A
// name containing "/" arrives as one segment holding "%2F" or as several; both join the same way.
export function joinSegments(segments: string[]): string {
  return segments.map(decodeOnce).join("/");
}

function decodeOnce(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape ("%E5" alone) cannot name anything; keep it so the lookup simply misses.
    return segment;
  }
}
