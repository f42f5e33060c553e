"use client";

// The same message as every page's, but inside the dashboard's layout: the menu stays, so an admin
// whose list failed can go on to the next one.
export { default } from "../error";
