// JSON over HTTP for tests, typed loosely on purpose: the assertions check the shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function getJson(url: string): Promise<any> {
  const response = await fetch(url);
  return response.json();
}
