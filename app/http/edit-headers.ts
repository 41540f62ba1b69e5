/** The response with its headers changed by `edit`. A response whose headers are immutable (one
 *  passed through from fetch) is copied first. */
export function editHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    edit(copy.headers);
    return copy;
  }
}
