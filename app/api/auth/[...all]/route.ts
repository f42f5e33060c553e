import { getAuth } from "@/lib/auth";
import { route } from "@/lib/http";

// better-auth answers sign-up, sign-in, sign-out and session under /api/auth/*.
const handle = route(async (request: Request) => (await getAuth()).handler(request));

export { handle as GET, handle as POST };
