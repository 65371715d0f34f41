import { graphql } from "../../__generated__";

/** Every category with its count: /categories, the explore filter and the category pickers. */
export const CategoriesQuery = graphql(`
  query Categories {
    categories {
      id
      publicId
      name
      slug
      description
      storyCount
    }
  }
`);
