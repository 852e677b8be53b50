/** The API query of a list page: only the named filters of the page's address, empty ones left out. */
export function listQuery(request: Request, names: readonly string[]): string {
  const from = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const name of names) {
    const value = from.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
