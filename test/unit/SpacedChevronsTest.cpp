//===- SpacedChevronsTest.cpp - nvcc's spaced launch chevrons -------------===//
//
// joinSpacedChevrons on small texts: what is joined, what is left as it was,
// and that every other character keeps its place.
//
//===----------------------------------------------------------------------===//

#include "SpacedChevrons.h"

#include "gtest/gtest.h"

using namespace cudalint;

namespace {

/// Text as Rewrite leaves it, which must have rewritten something (What)
/// and kept every character's place.
std::string rewritten(std::optional<std::string> (*Rewrite)(llvm::StringRef),
                      llvm::StringRef Text, const char *What) {
  std::optional<std::string> R = Rewrite(Text);
  EXPECT_TRUE(R) << "nothing " << What << " in: " << Text.str();
  if (R) {
    EXPECT_EQ(R->size(), Text.size());
  }
  return R.value_or("");
}

std::string joined(llvm::StringRef Text) {
  return rewritten(joinSpacedChevrons, Text, "joined");
}

TEST(SpacedChevronsTest, JoinsBothEnds) {
  EXPECT_EQ(joined("k<< <g, b>> >(x);"), "k<<< g, b>>> (x);");
  EXPECT_EQ(joined("k<< <g, b, s, st>> >(x);"), "k<<< g, b, s, st>>> (x);");
  EXPECT_EQ(joined("k<<  <1, 2>>\t>();"), "k<<<  1, 2>>> ();");
  // One end spaced, the other not.
  EXPECT_EQ(joined("k<<<1, 2>> >();"), "k<<<1, 2>>> ();");
  EXPECT_EQ(joined("k<< <1, 2>>>();"), "k<<< 1, 2>>>();");
}

TEST(SpacedChevronsTest, CalleesAndConfigurations) {
  EXPECT_EQ(joined("k<T><< <1, 2>> >();"), "k<T><<< 1, 2>>> ();");
  EXPECT_EQ(joined("k<A<B>><< <1, 2>> >();"), "k<A<B>><<< 1, 2>>> ();");
  EXPECT_EQ(joined("k<A<B<C>>><< <1, 2>> >();"), "k<A<B<C>>><<< 1, 2>>> ();");
  EXPECT_EQ(joined("(*p)<< <1, 2>> >();"), "(*p)<<< 1, 2>>> ();");
  EXPECT_EQ(joined("t[i]<< <1, 2>> >();"), "t[i]<<< 1, 2>>> ();");
  // A `>>` inside brackets closes a template, not the launch.
  EXPECT_EQ(joined("k<< <f(A<B<int>> >(0)), 2>> >();"),
            "k<<< f(A<B<int>> >(0)), 2>>> ();");
  EXPECT_EQ(joined("#define L(k) k<< <1, 2>> >()\n"),
            "#define L(k) k<<< 1, 2>>> ()\n");
}

TEST(SpacedChevronsTest, AcrossLines) {
  // Over the blanks on the far side when there are none right after.
  EXPECT_EQ(joined("k<<\n  <1, 2>>\n  >();"), "k  \n<<<1, 2  \n>>>();");
  // No blank to take on either line: left as written.
  EXPECT_EQ(joinSpacedChevrons("k<<\n<1, 2>> >();"), std::nullopt);
}

TEST(SpacedChevronsTest, LeavesTheRestAlone) {
  for (const char *Text : {
           "x = a << b;", "k<<<1, 2>>>();",
           "std::vector<std::vector<int> > v; A<B<C<int>> > w;",
           "friend int operator<< <T>(P<T> &, int);",
           "const char *s = \"k<< <1, 2>> >()\";", "// k<< <1, 2>> >()\n",
           "/* k<< <1, 2>> >() */",
           "k<< <1, 2;", // no closing chevrons before the statement ends
       })
    EXPECT_EQ(joinSpacedChevrons(Text), std::nullopt) << Text;
}

} // namespace

namespace {

std::string dims(llvm::StringRef Text) {
  return rewritten(bracedLaunchDims, Text, "rewritten");
}

TEST(BracedLaunchDimsTest, GridAndBlockListsBecomeDim3) {
  // `dim3` takes the blanks after the brace, the nearest first; everything
  // before the brace keeps its column.
  EXPECT_EQ(dims("k<<<g, {bx, by, 1}, 0, s>>>(p);"),
            "k<<<g, dim3(bx,by,1),0,s>>>(p);");
  EXPECT_EQ(dims("k<<<{ 4 , 2 } , b>>>(p);    "),
            "k<<<dim3(4,2) , b>>>(p);    ");
  EXPECT_EQ(dims("k<<<{ gx, gy },  {  32,  8 }>>>(p);"),
            "k<<<dim3(gx,gy), dim3(32,8 )>>>(p);");
  EXPECT_EQ(dims("k<<<{}, {}>>>(p); // two lists"),
            "k<<<dim3(),dim3()>>>(p); //sts");
}

TEST(BracedLaunchDimsTest, CommentsGiveRoomWhenBlanksDoNot) {
  // The line has too few blanks: a line comment's characters go instead.
  EXPECT_EQ(dims("// a launch\nk<<<{gx, gy}, b>>>(p);"),
            "// launch\nk<<<dim3(gx,gy),b>>>(p);");
}

TEST(BracedLaunchDimsTest, LeavesTheRestAlone) {
  for (llvm::StringRef Text : {
           "k<<<{gx, gy}, b>>>(p);",          // no room, no comment
           "k<<<g, b, {0}>>>(p);",            // not the grid or the block
           "int a[] = {1, 2}; f({1, 2});",    // no launch
           "s = \"k<<<{1, 2}, 3>>>()\";",     // a string
           "/* k<<<{1,    2}, 3>>>(); */ x;", // a comment
           "k<<<g, b>>>(p, {1, 2});",         // a kernel argument
       })
    EXPECT_EQ(bracedLaunchDims(Text), std::nullopt) << Text.str();
}

} // namespace
