// Swizzled tiles moved by whole groups (BuiltinRegionTransfer.cpp,
// planGroups): identity->swizzled and swizzled->identity encodes, a
// slice and an update whose regions start mid-tile, a padding->swizzled
// encode, static and dynamic row counts, one function per swizzle;
// every run is checked bit for bit against the encoding-free reference
// with the tiles' padding checked, and the kernels' IR shows which move
// by groups (vector.shuffle) and which do not.

// RUN: layout-run %s --function=f32_8x4 --input=21x19xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299,300,301,302,303,304,305,306,307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338,339,340,341,342,343,344,345,346,347,348,349,350,351,352,353,354,355,356,357,358,359,360,361,362,363,364,365,366,367,368,369,370,371,372,373,374,375,376,377,378,379,380,381,382,383,384,385,386,387,388,389,390,391,392,393,394,395,396,397,398 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-run %s --function=f32_8x4_dynamic --input=21x19xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299,300,301,302,303,304,305,306,307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338,339,340,341,342,343,344,345,346,347,348,349,350,351,352,353,354,355,356,357,358,359,360,361,362,363,364,365,366,367,368,369,370,371,372,373,374,375,376,377,378,379,380,381,382,383,384,385,386,387,388,389,390,391,392,393,394,395,396,397,398 --input=index=21 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-run %s --function=f32_4x2 --input=21x19xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299,300,301,302,303,304,305,306,307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338,339,340,341,342,343,344,345,346,347,348,349,350,351,352,353,354,355,356,357,358,359,360,361,362,363,364,365,366,367,368,369,370,371,372,373,374,375,376,377,378,379,380,381,382,383,384,385,386,387,388,389,390,391,392,393,394,395,396,397,398 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-run %s --function=i8_8x4 --input=21x19xi8=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-run %s --function=f16_8x8 --input=21x19xf16=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299,300,301,302,303,304,305,306,307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338,339,340,341,342,343,344,345,346,347,348,349,350,351,352,353,354,355,356,357,358,359,360,361,362,363,364,365,366,367,368,369,370,371,372,373,374,375,376,377,378,379,380,381,382,383,384,385,386,387,388,389,390,391,392,393,394,395,396,397,398 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-run %s --function=i64_4x4 --input=21x19xi64=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299,300,301,302,303,304,305,306,307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338,339,340,341,342,343,344,345,346,347,348,349,350,351,352,353,354,355,356,357,358,359,360,361,362,363,364,365,366,367,368,369,370,371,372,373,374,375,376,377,378,379,380,381,382,383,384,385,386,387,388,389,390,391,392,393,394,395,396,397,398 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-run %s --function=i64_4x4_dynamic --input=21x19xi64=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299,300,301,302,303,304,305,306,307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338,339,340,341,342,343,344,345,346,347,348,349,350,351,352,353,354,355,356,357,358,359,360,361,362,363,364,365,366,367,368,369,370,371,372,373,374,375,376,377,378,379,380,381,382,383,384,385,386,387,388,389,390,391,392,393,394,395,396,397,398 --input=index=21 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-run %s --function=f64_2x8 --input=21x19xf64=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299,300,301,302,303,304,305,306,307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338,339,340,341,342,343,344,345,346,347,348,349,350,351,352,353,354,355,356,357,358,359,360,361,362,363,364,365,366,367,368,369,370,371,372,373,374,375,376,377,378,379,380,381,382,383,384,385,386,387,388,389,390,391,392,393,394,395,396,397,398 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-opt --stream-lite-layout-pipeline %s | FileCheck %s --check-prefix=IR
// The same runs with non-temporal stores wherever a kernel's region size
// is known (--non-temporal-store-bytes=1).
// RUN: layout-run %s --non-temporal-store-bytes=1 --function=f32_8x4 --input=21x19xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299,300,301,302,303,304,305,306,307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338,339,340,341,342,343,344,345,346,347,348,349,350,351,352,353,354,355,356,357,358,359,360,361,362,363,364,365,366,367,368,369,370,371,372,373,374,375,376,377,378,379,380,381,382,383,384,385,386,387,388,389,390,391,392,393,394,395,396,397,398 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-run %s --non-temporal-store-bytes=1 --function=f32_8x4_dynamic --input=21x19xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299,300,301,302,303,304,305,306,307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338,339,340,341,342,343,344,345,346,347,348,349,350,351,352,353,354,355,356,357,358,359,360,361,362,363,364,365,366,367,368,369,370,371,372,373,374,375,376,377,378,379,380,381,382,383,384,385,386,387,388,389,390,391,392,393,394,395,396,397,398 --input=index=21 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-run %s --non-temporal-store-bytes=1 --function=i8_8x4 --input=21x19xi8=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-run %s --non-temporal-store-bytes=1 --function=i64_4x4 --input=21x19xi64=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299,300,301,302,303,304,305,306,307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338,339,340,341,342,343,344,345,346,347,348,349,350,351,352,353,354,355,356,357,358,359,360,361,362,363,364,365,366,367,368,369,370,371,372,373,374,375,376,377,378,379,380,381,382,383,384,385,386,387,388,389,390,391,392,393,394,395,396,397,398 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT
// RUN: layout-run %s --non-temporal-store-bytes=1 --function=f64_2x8 --input=21x19xf64=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299,300,301,302,303,304,305,306,307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338,339,340,341,342,343,344,345,346,347,348,349,350,351,352,353,354,355,356,357,358,359,360,361,362,363,364,365,366,367,368,369,370,371,372,373,374,375,376,377,378,379,380,381,382,383,384,385,386,387,388,389,390,391,392,393,394,395,396,397,398 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RESULT

// Every function returns the slice (17x15), the update's result and
// the padded round trip, as identity tensors.
// RESULT: {{^}}17x15x{{.*}}{{$}}
// RESULT-NEXT: {{^}}21x19x{{.*}}{{$}}
// RESULT-NEXT: {{^}}21x19x{{.*}}{{$}}
// RESULT-NOT: {{.}}

// Two 16-byte rows (r, r + 4) in, one 32-byte group out, and back.
// IR-LABEL: func.func @__builtin_encode_21x19xf32_to_21x19xf32_tiled_p0_1_t8_4_sw_g2_4_g2_2_q1_3_0_2(
// IR: vector.shuffle %{{.*}}, %{{.*}} [0, 2, 4, 6, 1, 3, 5, 7] : vector<4xi32>, vector<4xi32>
// IR-LABEL: func.func @__builtin_encode_21x19xf32_tiled_p0_1_t8_4_sw_g2_4_g2_2_q1_3_0_2_to_21x19xf32(
// IR: vector.shuffle %[[G:.*]], %[[G]] [0, 4, 1, 5] : vector<8xi32>, vector<8xi32>
// IR: vector.shuffle %[[G]], %[[G]] [2, 6, 3, 7] : vector<8xi32>, vector<8xi32>
// The i8 tile: eight 4-byte rows joined, one 32-byte group.
// IR-LABEL: func.func @__builtin_encode_21x19xi8_to_21x19xi8_tiled_p0_1_t8_4_sw_g2_4_g2_2_q1_3_0_2(
// IR: vector.shuffle %{{.*}}, %{{.*}} [0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15, 16, 18, 20, 22, 17, 19, 21, 23, 24, 26, 28, 30, 25, 27, 29, 31] : vector<28xi8>, vector<4xi8>
// The f64 swizzle moves element by element.
// IR-LABEL: func.func @__builtin_encode_21x19xf64_to_21x19xf64_tiled_p1_0_t8_2_sw_g2_4_g2_q1_0_2(
// IR-NOT: vector.shuffle

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
#pad = #stream_lite.padding<[1, 3]>

// f32_8x4: 8-element groups (32 bytes), each two 4-element rows of the identity side.
#f32_8x4 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, 2]>>
func.func @f32_8x4(%arg: tensor<21x19xf32>) -> (tensor<17x15xf32>, tensor<21x19xf32>, tensor<21x19xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c15 = arith.constant 15 : index
  %c17 = arith.constant 17 : index
  %sz = stream_lite.tensor.sizeof tensor<21x19xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<21x19xf32> -> tensor<21x19xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<21x19xf32, #f32_8x4> : index
  // identity -> swizzled: whole tiles by groups, the cut edge tiles by element.
  %t = stream_lite.tensor.encode %i : tensor<21x19xf32> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf32, #f32_8x4> in !stream_lite.resource<*>{%tsz}
  // A slice from (3, 2): rows [8, 16) and columns [4, 16) are whole tiles.
  %lsz = stream_lite.tensor.sizeof tensor<17x15xf32> : index
  %l = stream_lite.tensor.slice %t[%c3, %c2 for %c17, %c15] : tensor<21x19xf32, #f32_8x4> in !stream_lite.resource<*>{%tsz} -> tensor<17x15xf32> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<17x15xf32> in !stream_lite.resource<external>{%lsz} -> tensor<17x15xf32>
  // An update of 12x10 of the input's elements at (4, 2), mid-tile.
  %usz = stream_lite.tensor.sizeof tensor<12x10xf32> : index
  %s = stream_lite.tensor.slice %i[%c1, %c1 for %c12, %c10] : tensor<21x19xf32> in !stream_lite.resource<external>{%sz} -> tensor<12x10xf32> in !stream_lite.resource<*>{%usz}
  %u = stream_lite.tensor.update %s, %t[%c4, %c2] : tensor<12x10xf32> in !stream_lite.resource<*>{%usz} -> tensor<21x19xf32, #f32_8x4> in %t as !stream_lite.resource<*>{%tsz}
  // swizzled -> identity.
  %d = stream_lite.tensor.encode %u : tensor<21x19xf32, #f32_8x4> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<21x19xf32> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf32>
  // padding -> swizzled -> identity.
  %psz = stream_lite.tensor.sizeof tensor<21x19xf32, #pad> : index
  %p = stream_lite.tensor.encode %i : tensor<21x19xf32> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf32, #pad> in !stream_lite.resource<*>{%psz}
  %q = stream_lite.tensor.encode %p : tensor<21x19xf32, #pad> in !stream_lite.resource<*>{%psz} -> tensor<21x19xf32, #f32_8x4> in !stream_lite.resource<*>{%tsz}
  %e = stream_lite.tensor.encode %q : tensor<21x19xf32, #f32_8x4> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xf32> in !stream_lite.resource<external>{%sz}
  %x = stream_lite.tensor.export %e : tensor<21x19xf32> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf32>
  return %le, %r, %x : tensor<17x15xf32>, tensor<21x19xf32>, tensor<21x19xf32>
}
func.func @f32_8x4_dynamic(%arg: tensor<?x19xf32>, %rows: index) -> (tensor<17x15xf32>, tensor<?x19xf32>, tensor<?x19xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c15 = arith.constant 15 : index
  %c17 = arith.constant 17 : index
  %sz = stream_lite.tensor.sizeof tensor<?x19xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x19xf32> -> tensor<?x19xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x19xf32, #f32_8x4>{%rows} : index
  // identity -> swizzled: whole tiles by groups, the cut edge tiles by element.
  %t = stream_lite.tensor.encode %i : tensor<?x19xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x19xf32, #f32_8x4>{%rows} in !stream_lite.resource<*>{%tsz}
  // A slice from (3, 2): rows [8, 16) and columns [4, 16) are whole tiles.
  %lsz = stream_lite.tensor.sizeof tensor<17x15xf32> : index
  %l = stream_lite.tensor.slice %t[%c3, %c2 for %c17, %c15] : tensor<?x19xf32, #f32_8x4>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<17x15xf32> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<17x15xf32> in !stream_lite.resource<external>{%lsz} -> tensor<17x15xf32>
  // An update of 12x10 of the input's elements at (4, 2), mid-tile.
  %usz = stream_lite.tensor.sizeof tensor<12x10xf32> : index
  %s = stream_lite.tensor.slice %i[%c1, %c1 for %c12, %c10] : tensor<?x19xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<12x10xf32> in !stream_lite.resource<*>{%usz}
  %u = stream_lite.tensor.update %s, %t[%c4, %c2] : tensor<12x10xf32> in !stream_lite.resource<*>{%usz} -> tensor<?x19xf32, #f32_8x4>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  // swizzled -> identity.
  %d = stream_lite.tensor.encode %u : tensor<?x19xf32, #f32_8x4>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x19xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x19xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x19xf32>
  // padding -> swizzled -> identity.
  %psz = stream_lite.tensor.sizeof tensor<?x19xf32, #pad>{%rows} : index
  %p = stream_lite.tensor.encode %i : tensor<?x19xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x19xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz}
  %q = stream_lite.tensor.encode %p : tensor<?x19xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz} -> tensor<?x19xf32, #f32_8x4>{%rows} in !stream_lite.resource<*>{%tsz}
  %e = stream_lite.tensor.encode %q : tensor<?x19xf32, #f32_8x4>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x19xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %x = stream_lite.tensor.export %e : tensor<?x19xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x19xf32>
  return %le, %r, %x : tensor<17x15xf32>, tensor<?x19xf32>, tensor<?x19xf32>
}

// f32_4x2: the whole 4x2 tile is one group of four 2-element rows.
#f32_4x2 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2], swizzle = #stream_lite.swizzle<expand_shape = [[2, 2], [2]], permutation = [1, 2, 0]>>
func.func @f32_4x2(%arg: tensor<21x19xf32>) -> (tensor<17x15xf32>, tensor<21x19xf32>, tensor<21x19xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c15 = arith.constant 15 : index
  %c17 = arith.constant 17 : index
  %sz = stream_lite.tensor.sizeof tensor<21x19xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<21x19xf32> -> tensor<21x19xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<21x19xf32, #f32_4x2> : index
  // identity -> swizzled: whole tiles by groups, the cut edge tiles by element.
  %t = stream_lite.tensor.encode %i : tensor<21x19xf32> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf32, #f32_4x2> in !stream_lite.resource<*>{%tsz}
  // A slice from (3, 2): rows [8, 16) and columns [4, 16) are whole tiles.
  %lsz = stream_lite.tensor.sizeof tensor<17x15xf32> : index
  %l = stream_lite.tensor.slice %t[%c3, %c2 for %c17, %c15] : tensor<21x19xf32, #f32_4x2> in !stream_lite.resource<*>{%tsz} -> tensor<17x15xf32> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<17x15xf32> in !stream_lite.resource<external>{%lsz} -> tensor<17x15xf32>
  // An update of 12x10 of the input's elements at (4, 2), mid-tile.
  %usz = stream_lite.tensor.sizeof tensor<12x10xf32> : index
  %s = stream_lite.tensor.slice %i[%c1, %c1 for %c12, %c10] : tensor<21x19xf32> in !stream_lite.resource<external>{%sz} -> tensor<12x10xf32> in !stream_lite.resource<*>{%usz}
  %u = stream_lite.tensor.update %s, %t[%c4, %c2] : tensor<12x10xf32> in !stream_lite.resource<*>{%usz} -> tensor<21x19xf32, #f32_4x2> in %t as !stream_lite.resource<*>{%tsz}
  // swizzled -> identity.
  %d = stream_lite.tensor.encode %u : tensor<21x19xf32, #f32_4x2> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<21x19xf32> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf32>
  // padding -> swizzled -> identity.
  %psz = stream_lite.tensor.sizeof tensor<21x19xf32, #pad> : index
  %p = stream_lite.tensor.encode %i : tensor<21x19xf32> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf32, #pad> in !stream_lite.resource<*>{%psz}
  %q = stream_lite.tensor.encode %p : tensor<21x19xf32, #pad> in !stream_lite.resource<*>{%psz} -> tensor<21x19xf32, #f32_4x2> in !stream_lite.resource<*>{%tsz}
  %e = stream_lite.tensor.encode %q : tensor<21x19xf32, #f32_4x2> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xf32> in !stream_lite.resource<external>{%sz}
  %x = stream_lite.tensor.export %e : tensor<21x19xf32> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf32>
  return %le, %r, %x : tensor<17x15xf32>, tensor<21x19xf32>, tensor<21x19xf32>
}

// i8_8x4: the whole 32-byte tile is one group of eight 4-byte rows.
#i8_8x4 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, 2]>>
func.func @i8_8x4(%arg: tensor<21x19xi8>) -> (tensor<17x15xi8>, tensor<21x19xi8>, tensor<21x19xi8>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c15 = arith.constant 15 : index
  %c17 = arith.constant 17 : index
  %sz = stream_lite.tensor.sizeof tensor<21x19xi8> : index
  %i = stream_lite.tensor.import %arg : tensor<21x19xi8> -> tensor<21x19xi8> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<21x19xi8, #i8_8x4> : index
  // identity -> swizzled: whole tiles by groups, the cut edge tiles by element.
  %t = stream_lite.tensor.encode %i : tensor<21x19xi8> in !stream_lite.resource<external>{%sz} -> tensor<21x19xi8, #i8_8x4> in !stream_lite.resource<*>{%tsz}
  // A slice from (3, 2): rows [8, 16) and columns [4, 16) are whole tiles.
  %lsz = stream_lite.tensor.sizeof tensor<17x15xi8> : index
  %l = stream_lite.tensor.slice %t[%c3, %c2 for %c17, %c15] : tensor<21x19xi8, #i8_8x4> in !stream_lite.resource<*>{%tsz} -> tensor<17x15xi8> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<17x15xi8> in !stream_lite.resource<external>{%lsz} -> tensor<17x15xi8>
  // An update of 12x10 of the input's elements at (4, 2), mid-tile.
  %usz = stream_lite.tensor.sizeof tensor<12x10xi8> : index
  %s = stream_lite.tensor.slice %i[%c1, %c1 for %c12, %c10] : tensor<21x19xi8> in !stream_lite.resource<external>{%sz} -> tensor<12x10xi8> in !stream_lite.resource<*>{%usz}
  %u = stream_lite.tensor.update %s, %t[%c4, %c2] : tensor<12x10xi8> in !stream_lite.resource<*>{%usz} -> tensor<21x19xi8, #i8_8x4> in %t as !stream_lite.resource<*>{%tsz}
  // swizzled -> identity.
  %d = stream_lite.tensor.encode %u : tensor<21x19xi8, #i8_8x4> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xi8> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<21x19xi8> in !stream_lite.resource<external>{%sz} -> tensor<21x19xi8>
  // padding -> swizzled -> identity.
  %psz = stream_lite.tensor.sizeof tensor<21x19xi8, #pad> : index
  %p = stream_lite.tensor.encode %i : tensor<21x19xi8> in !stream_lite.resource<external>{%sz} -> tensor<21x19xi8, #pad> in !stream_lite.resource<*>{%psz}
  %q = stream_lite.tensor.encode %p : tensor<21x19xi8, #pad> in !stream_lite.resource<*>{%psz} -> tensor<21x19xi8, #i8_8x4> in !stream_lite.resource<*>{%tsz}
  %e = stream_lite.tensor.encode %q : tensor<21x19xi8, #i8_8x4> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xi8> in !stream_lite.resource<external>{%sz}
  %x = stream_lite.tensor.export %e : tensor<21x19xi8> in !stream_lite.resource<external>{%sz} -> tensor<21x19xi8>
  return %le, %r, %x : tensor<17x15xi8>, tensor<21x19xi8>, tensor<21x19xi8>
}

// f16_8x8: 16-element groups, each two 8-element rows, four per tile.
#f16_8x8 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 8], swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [4, 2]], permutation = [1, 3, 2, 0]>>
func.func @f16_8x8(%arg: tensor<21x19xf16>) -> (tensor<17x15xf16>, tensor<21x19xf16>, tensor<21x19xf16>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c15 = arith.constant 15 : index
  %c17 = arith.constant 17 : index
  %sz = stream_lite.tensor.sizeof tensor<21x19xf16> : index
  %i = stream_lite.tensor.import %arg : tensor<21x19xf16> -> tensor<21x19xf16> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<21x19xf16, #f16_8x8> : index
  // identity -> swizzled: whole tiles by groups, the cut edge tiles by element.
  %t = stream_lite.tensor.encode %i : tensor<21x19xf16> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf16, #f16_8x8> in !stream_lite.resource<*>{%tsz}
  // A slice from (3, 2): rows [8, 16) and columns [4, 16) are whole tiles.
  %lsz = stream_lite.tensor.sizeof tensor<17x15xf16> : index
  %l = stream_lite.tensor.slice %t[%c3, %c2 for %c17, %c15] : tensor<21x19xf16, #f16_8x8> in !stream_lite.resource<*>{%tsz} -> tensor<17x15xf16> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<17x15xf16> in !stream_lite.resource<external>{%lsz} -> tensor<17x15xf16>
  // An update of 12x10 of the input's elements at (4, 2), mid-tile.
  %usz = stream_lite.tensor.sizeof tensor<12x10xf16> : index
  %s = stream_lite.tensor.slice %i[%c1, %c1 for %c12, %c10] : tensor<21x19xf16> in !stream_lite.resource<external>{%sz} -> tensor<12x10xf16> in !stream_lite.resource<*>{%usz}
  %u = stream_lite.tensor.update %s, %t[%c4, %c2] : tensor<12x10xf16> in !stream_lite.resource<*>{%usz} -> tensor<21x19xf16, #f16_8x8> in %t as !stream_lite.resource<*>{%tsz}
  // swizzled -> identity.
  %d = stream_lite.tensor.encode %u : tensor<21x19xf16, #f16_8x8> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xf16> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<21x19xf16> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf16>
  // padding -> swizzled -> identity.
  %psz = stream_lite.tensor.sizeof tensor<21x19xf16, #pad> : index
  %p = stream_lite.tensor.encode %i : tensor<21x19xf16> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf16, #pad> in !stream_lite.resource<*>{%psz}
  %q = stream_lite.tensor.encode %p : tensor<21x19xf16, #pad> in !stream_lite.resource<*>{%psz} -> tensor<21x19xf16, #f16_8x8> in !stream_lite.resource<*>{%tsz}
  %e = stream_lite.tensor.encode %q : tensor<21x19xf16, #f16_8x8> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xf16> in !stream_lite.resource<external>{%sz}
  %x = stream_lite.tensor.export %e : tensor<21x19xf16> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf16>
  return %le, %r, %x : tensor<17x15xf16>, tensor<21x19xf16>, tensor<21x19xf16>
}

// i64_4x4: a transposed tile: 4-element groups of one element from each of four rows.
#i64_4x4 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4], swizzle = #stream_lite.swizzle<expand_shape = [[4], [4]], permutation = [1, 0]>>
func.func @i64_4x4(%arg: tensor<21x19xi64>) -> (tensor<17x15xi64>, tensor<21x19xi64>, tensor<21x19xi64>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c15 = arith.constant 15 : index
  %c17 = arith.constant 17 : index
  %sz = stream_lite.tensor.sizeof tensor<21x19xi64> : index
  %i = stream_lite.tensor.import %arg : tensor<21x19xi64> -> tensor<21x19xi64> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<21x19xi64, #i64_4x4> : index
  // identity -> swizzled: whole tiles by groups, the cut edge tiles by element.
  %t = stream_lite.tensor.encode %i : tensor<21x19xi64> in !stream_lite.resource<external>{%sz} -> tensor<21x19xi64, #i64_4x4> in !stream_lite.resource<*>{%tsz}
  // A slice from (3, 2): rows [8, 16) and columns [4, 16) are whole tiles.
  %lsz = stream_lite.tensor.sizeof tensor<17x15xi64> : index
  %l = stream_lite.tensor.slice %t[%c3, %c2 for %c17, %c15] : tensor<21x19xi64, #i64_4x4> in !stream_lite.resource<*>{%tsz} -> tensor<17x15xi64> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<17x15xi64> in !stream_lite.resource<external>{%lsz} -> tensor<17x15xi64>
  // An update of 12x10 of the input's elements at (4, 2), mid-tile.
  %usz = stream_lite.tensor.sizeof tensor<12x10xi64> : index
  %s = stream_lite.tensor.slice %i[%c1, %c1 for %c12, %c10] : tensor<21x19xi64> in !stream_lite.resource<external>{%sz} -> tensor<12x10xi64> in !stream_lite.resource<*>{%usz}
  %u = stream_lite.tensor.update %s, %t[%c4, %c2] : tensor<12x10xi64> in !stream_lite.resource<*>{%usz} -> tensor<21x19xi64, #i64_4x4> in %t as !stream_lite.resource<*>{%tsz}
  // swizzled -> identity.
  %d = stream_lite.tensor.encode %u : tensor<21x19xi64, #i64_4x4> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xi64> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<21x19xi64> in !stream_lite.resource<external>{%sz} -> tensor<21x19xi64>
  // padding -> swizzled -> identity.
  %psz = stream_lite.tensor.sizeof tensor<21x19xi64, #pad> : index
  %p = stream_lite.tensor.encode %i : tensor<21x19xi64> in !stream_lite.resource<external>{%sz} -> tensor<21x19xi64, #pad> in !stream_lite.resource<*>{%psz}
  %q = stream_lite.tensor.encode %p : tensor<21x19xi64, #pad> in !stream_lite.resource<*>{%psz} -> tensor<21x19xi64, #i64_4x4> in !stream_lite.resource<*>{%tsz}
  %e = stream_lite.tensor.encode %q : tensor<21x19xi64, #i64_4x4> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xi64> in !stream_lite.resource<external>{%sz}
  %x = stream_lite.tensor.export %e : tensor<21x19xi64> in !stream_lite.resource<external>{%sz} -> tensor<21x19xi64>
  return %le, %r, %x : tensor<17x15xi64>, tensor<21x19xi64>, tensor<21x19xi64>
}
func.func @i64_4x4_dynamic(%arg: tensor<?x19xi64>, %rows: index) -> (tensor<17x15xi64>, tensor<?x19xi64>, tensor<?x19xi64>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c15 = arith.constant 15 : index
  %c17 = arith.constant 17 : index
  %sz = stream_lite.tensor.sizeof tensor<?x19xi64>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x19xi64> -> tensor<?x19xi64>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x19xi64, #i64_4x4>{%rows} : index
  // identity -> swizzled: whole tiles by groups, the cut edge tiles by element.
  %t = stream_lite.tensor.encode %i : tensor<?x19xi64>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x19xi64, #i64_4x4>{%rows} in !stream_lite.resource<*>{%tsz}
  // A slice from (3, 2): rows [8, 16) and columns [4, 16) are whole tiles.
  %lsz = stream_lite.tensor.sizeof tensor<17x15xi64> : index
  %l = stream_lite.tensor.slice %t[%c3, %c2 for %c17, %c15] : tensor<?x19xi64, #i64_4x4>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<17x15xi64> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<17x15xi64> in !stream_lite.resource<external>{%lsz} -> tensor<17x15xi64>
  // An update of 12x10 of the input's elements at (4, 2), mid-tile.
  %usz = stream_lite.tensor.sizeof tensor<12x10xi64> : index
  %s = stream_lite.tensor.slice %i[%c1, %c1 for %c12, %c10] : tensor<?x19xi64>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<12x10xi64> in !stream_lite.resource<*>{%usz}
  %u = stream_lite.tensor.update %s, %t[%c4, %c2] : tensor<12x10xi64> in !stream_lite.resource<*>{%usz} -> tensor<?x19xi64, #i64_4x4>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  // swizzled -> identity.
  %d = stream_lite.tensor.encode %u : tensor<?x19xi64, #i64_4x4>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x19xi64>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x19xi64>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x19xi64>
  // padding -> swizzled -> identity.
  %psz = stream_lite.tensor.sizeof tensor<?x19xi64, #pad>{%rows} : index
  %p = stream_lite.tensor.encode %i : tensor<?x19xi64>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x19xi64, #pad>{%rows} in !stream_lite.resource<*>{%psz}
  %q = stream_lite.tensor.encode %p : tensor<?x19xi64, #pad>{%rows} in !stream_lite.resource<*>{%psz} -> tensor<?x19xi64, #i64_4x4>{%rows} in !stream_lite.resource<*>{%tsz}
  %e = stream_lite.tensor.encode %q : tensor<?x19xi64, #i64_4x4>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x19xi64>{%rows} in !stream_lite.resource<external>{%sz}
  %x = stream_lite.tensor.export %e : tensor<?x19xi64>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x19xi64>
  return %le, %r, %x : tensor<17x15xi64>, tensor<?x19xi64>, tensor<?x19xi64>
}

// f64_2x8: no groups: a 4-element group would take columns 0 and 4 of a row (not one run), so element by element.
#f64_2x8 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 8], swizzle = #stream_lite.swizzle<expand_shape = [[2], [2, 4]], permutation = [2, 1, 0]>>
func.func @f64_2x8(%arg: tensor<21x19xf64>) -> (tensor<17x15xf64>, tensor<21x19xf64>, tensor<21x19xf64>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c15 = arith.constant 15 : index
  %c17 = arith.constant 17 : index
  %sz = stream_lite.tensor.sizeof tensor<21x19xf64> : index
  %i = stream_lite.tensor.import %arg : tensor<21x19xf64> -> tensor<21x19xf64> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<21x19xf64, #f64_2x8> : index
  // identity -> swizzled: whole tiles by groups, the cut edge tiles by element.
  %t = stream_lite.tensor.encode %i : tensor<21x19xf64> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf64, #f64_2x8> in !stream_lite.resource<*>{%tsz}
  // A slice from (3, 2): rows [8, 16) and columns [4, 16) are whole tiles.
  %lsz = stream_lite.tensor.sizeof tensor<17x15xf64> : index
  %l = stream_lite.tensor.slice %t[%c3, %c2 for %c17, %c15] : tensor<21x19xf64, #f64_2x8> in !stream_lite.resource<*>{%tsz} -> tensor<17x15xf64> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<17x15xf64> in !stream_lite.resource<external>{%lsz} -> tensor<17x15xf64>
  // An update of 12x10 of the input's elements at (4, 2), mid-tile.
  %usz = stream_lite.tensor.sizeof tensor<12x10xf64> : index
  %s = stream_lite.tensor.slice %i[%c1, %c1 for %c12, %c10] : tensor<21x19xf64> in !stream_lite.resource<external>{%sz} -> tensor<12x10xf64> in !stream_lite.resource<*>{%usz}
  %u = stream_lite.tensor.update %s, %t[%c4, %c2] : tensor<12x10xf64> in !stream_lite.resource<*>{%usz} -> tensor<21x19xf64, #f64_2x8> in %t as !stream_lite.resource<*>{%tsz}
  // swizzled -> identity.
  %d = stream_lite.tensor.encode %u : tensor<21x19xf64, #f64_2x8> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xf64> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<21x19xf64> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf64>
  // padding -> swizzled -> identity.
  %psz = stream_lite.tensor.sizeof tensor<21x19xf64, #pad> : index
  %p = stream_lite.tensor.encode %i : tensor<21x19xf64> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf64, #pad> in !stream_lite.resource<*>{%psz}
  %q = stream_lite.tensor.encode %p : tensor<21x19xf64, #pad> in !stream_lite.resource<*>{%psz} -> tensor<21x19xf64, #f64_2x8> in !stream_lite.resource<*>{%tsz}
  %e = stream_lite.tensor.encode %q : tensor<21x19xf64, #f64_2x8> in !stream_lite.resource<*>{%tsz} -> tensor<21x19xf64> in !stream_lite.resource<external>{%sz}
  %x = stream_lite.tensor.export %e : tensor<21x19xf64> in !stream_lite.resource<external>{%sz} -> tensor<21x19xf64>
  return %le, %r, %x : tensor<17x15xf64>, tensor<21x19xf64>, tensor<21x19xf64>
}
