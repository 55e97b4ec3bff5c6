// The task search box: a plain GET form, so it works without JavaScript and its result is a URL.
type Props = { q?: string; category?: string; large?: boolean; autoFocus?: boolean };

export function SearchForm({ q = "", category = "", large = false, autoFocus = false }: Props) {
  return (
    <form action="/search" method="get" role="search" aria-label="Search experiences by task" className="w-full">
      <label htmlFor={large ? "q-large" : "q"} className={large ? "mb-2 block text-sm font-medium" : "sr-only"}>
        Describe your task
      </label>
      <div className="flex gap-2">
        <input
          id={large ? "q-large" : "q"}
          name="q"
          type="search"
          defaultValue={q}
          required
          maxLength={500}
          autoFocus={autoFocus}
          placeholder="e.g. extract tables from a scanned PDF"
          className={`min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-stone-900 placeholder:text-stone-500 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:placeholder:text-stone-400 ${large ? "h-12 text-base sm:text-lg" : "h-10"}`}
        />
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <button
          type="submit"
          className={`shrink-0 rounded-lg bg-teal-800 px-4 font-medium text-white hover:bg-teal-900 dark:bg-teal-300 dark:text-stone-950 dark:hover:bg-teal-200 ${large ? "h-12" : "h-10"}`}
        >
          Search
        </button>
      </div>
    </form>
  );
}
