// The operations the playground opens with, one tab each: what a developer tries first. They use
// only the public schema (schema.graphql); docs/graphql.md walks through the same ones.

export interface ExampleTab {
  query: string;
  variables?: string;
}

export const EXAMPLE_TABS: ExampleTab[] = [
  {
    query: `# The home page's two feeds: Fresh Threads (newest) and Trending Now. Visitors may run it.
query HomeFeeds {
  fresh: stories(sort: NEWEST, first: 9) {
    edges {
      node {
        publicId
        title
        preview
        author {
          username
        }
        createdAt
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
  trending: trendingStories(first: 9) {
    publicId
    title
    bookmarkCount
    commentCount
  }
}
`,
  },
  {
    query: `# One story by the publicId its address shows (/stories/<publicId>), with its text.
query Story($publicId: ID!) {
  story(publicId: $publicId) {
    id
    title
    status
    author {
      username
    }
    content {
      chapters {
        title
        paragraphs
      }
    }
    viewerHasBookmarked
  }
}
`,
    variables: `{ "publicId": "paste a publicId from HomeFeeds" }`,
  },
  {
    query: `# Who the playground runs as: null for a visitor. Sign in to the web app in this browser first.
query Viewer {
  viewer {
    username
    email
    roles
  }
}
`,
  },
  {
    query: `# Starts writing a story (signed in only). Copy the answer's publicId into the next tab.
mutation StartStoryGeneration($input: StartStoryGenerationInput!) {
  startStoryGeneration(input: $input) {
    id
    publicId
    status
    progress
  }
}
`,
    variables: `{
  "input": {
    "title": "The Lighthouse Keeper's Cat",
    "outline": "A cat keeps the lamp lit through a winter storm.",
    "tags": ["cozy"],
    "desiredLength": "SHORT",
    "nastinessLevel": "LIGHT"
  }
}`,
  },
  {
    query: `# Follows a story being written, over graphql-ws, until it is ready for review.
subscription StoryGeneration($publicId: ID!) {
  storyGeneration(publicId: $publicId) {
    seq
    status
    progress
    message
  }
}
`,
    variables: `{ "publicId": "paste the publicId from StartStoryGeneration" }`,
  },
];
