"""Operations and Air Ducts (Aliens, 1989), with Let's Eat Burke and Gorman's Last Stand as options."""
