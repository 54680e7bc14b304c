// The server's JSON API: each call resolves to {ok: true, data} or
// {ok: false, error}, never throws. A call given an AbortSignal stops when
// it is aborted, and resolves to {ok: false, aborted: true}.

async function get(path, params, signal) {
  const query = new URLSearchParams(params).toString();
  let response;
  try {
    response = await fetch(`/api/${path}?${query}`, { signal });
  } catch (e) {
    if (e.name === "AbortError") return { ok: false, aborted: true, error: "aborted" };
    return { ok: false, error: `the server cannot be reached (${e.message})` };
  }
  let body = null;
  try {
    body = await response.json();
  } catch (e) {
    return { ok: false, error: `the server answered ${response.status} without JSON` };
  }
  if (!response.ok) {
    return { ok: false, error: body && body.error ? body.error : `the server answered ${response.status}` };
  }
  return { ok: true, data: body };
}

const flag = (misere) => (misere ? "1" : "0");

export const position = (piles, misere, signal) =>
  get("position", { piles: piles.join(","), misere: flag(misere) }, signal);
export const slice = (a, limit, misere) =>
  get("slice", { a, limit, misere: flag(misere) });
// Grundy values are normal play's: under misère play the server refuses,
// with the library's reason.
export const grundy = (a, limit, misere) =>
  get("grundy", { a, limit, misere: flag(misere) });
export const remoteness = (a, limit, misere) =>
  get("remoteness", { a, limit, misere: flag(misere) });
