import { route } from "@/lib/api/route";
import { eraseContactMessage } from "@/lib/messages/erase";

type Context = { params: Promise<{ id: string }> };

/** Erases one contact message for good (admins, 204); an unknown id is 404 (ADR 074). */
export const DELETE = route("DELETE /api/admin/messages/{id}", async (_request: Request, { params }: Context, actor) => {
  const { id } = await params;
  await eraseContactMessage(actor, id);
  return new Response(null, { status: 204 });
});
