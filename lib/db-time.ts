// Prisma's SQLite adapter stores DateTime as ISO 8601 text with an explicit "+00:00" offset; raw SQL
// that compares or writes times must use the same form so that text order is time order.
export function toDbTime(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}

export function fromDbTime(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
