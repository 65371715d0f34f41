import type { Resolvers } from "../__generated__/resolvers-types.js";
import { Mutation } from "./Mutation.js";
import { Query } from "./Query.js";
import { Viewer } from "./Viewer.js";

export const resolvers: Resolvers = { Query, Mutation, Viewer };
