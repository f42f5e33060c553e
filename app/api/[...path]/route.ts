import { unknownApiAddress } from "@/lib/api/route";

// Every address under /api that no route file answers (better-auth's own catch-all keeps /api/auth):
// the API's JSON 404, whatever the method, instead of the HTML not-found page. It has no row in the
// route table: it serves nothing and never reads the body.
export { unknownApiAddress as GET, unknownApiAddress as POST, unknownApiAddress as PUT, unknownApiAddress as PATCH, unknownApiAddress as DELETE };
