// Regression test for parallel function passes: the second function, run on a forked context
// (--threads=2 --parallel-min-ops=1 forces threads on this small module), must come out as on
// one thread. It did not when copies between contexts rebuilt use lists in copy order: the
// rewrite driver visits users in use-list order, and canonicalization hoisted the constants
// of @loops_256 in another order. @loops_256 is the function of that name in the shared kit's
// for_L.mlir (`gen_mlir.py --suite`, default seed), where the difference was found.
// RUN: cf-opt %s --canonicalize --convert-scf-to-cf --mlir-disable-threading > %t.seq
// RUN: cf-opt %s --canonicalize --convert-scf-to-cf --threads=2 --parallel-min-ops=1 > %t.par
// RUN: cmp %t.seq %t.par
// RUN: FileCheck %s --input-file=%t.par
// CHECK-LABEL: func.func @first
// CHECK-LABEL: func.func @loops_256
// CHECK-NOT: scf.
// CHECK: return

func.func @first(%a: i64) -> i64 {
  return %a : i64
}
func.func @loops_256(%a: i64, %b: i64) -> i64 {
    %c1 = arith.constant 2 : index
    %c2 = arith.constant 5 : index
    %c3 = arith.constant 1 : index
    %r7 = scf.for %i4 = %c1 to %c2 step %c3 iter_args(%acc5 = %a) -> (i64) {
      %v8 = arith.index_cast %i4 : index to i64
      %v9 = arith.muli %acc5, %acc5 : i64
      %c10 = arith.constant 1 : index
      %c11 = arith.constant 7 : index
      %c12 = arith.constant 2 : index
      %r16 = scf.for %i13 = %c10 to %c11 step %c12 iter_args(%acc14 = %v9) -> (i64) {
        %v17 = arith.index_cast %i13 : index to i64
        %v18 = arith.addi %acc14, %acc14 : i64
        %v19 = arith.muli %v18, %v9 : i64
        scf.yield %v19 : i64
      }
      scf.yield %r16 : i64
    }
    %c20 = arith.constant 0 : index
    %c21 = arith.constant 8 : index
    %c22 = arith.constant 1 : index
    %r26:2 = scf.for %i23 = %c20 to %c21 step %c22 iter_args(%acc24 = %r7, %acc25 = %a) -> (i64, i64) {
      %v27 = arith.index_cast %i23 : index to i64
      %v28 = arith.addi %acc24, %a : i64
      %c29 = arith.constant 1 : index
      %c30 = arith.constant 1 : index
      %c31 = arith.constant 1 : index
      %r35 = scf.for %i32 = %c29 to %c30 step %c31 iter_args(%acc33 = %v28) -> (i64) {
        %v36 = arith.index_cast %i32 : index to i64
        %v37 = arith.xori %acc33, %b : i64
        %v38 = arith.addi %v37, %v36 : i64
        %v39 = arith.andi %v38, %acc33 : i64
        scf.yield %v39 : i64
      }
      scf.yield %r35, %acc25 : i64, i64
    }
    %v40 = arith.andi %r26#0, %r26#1 : i64
    %c41 = arith.constant 2 : index
    %c42 = arith.constant 14 : index
    %c43 = arith.constant 2 : index
    %r47 = scf.for %i44 = %c41 to %c42 step %c43 iter_args(%acc45 = %v40) -> (i64) {
      %v48 = arith.index_cast %i44 : index to i64
      %v49 = arith.xori %acc45, %acc45 : i64
      %v50 = arith.addi %v49, %acc45 : i64
      %v51 = arith.addi %v50, %acc45 : i64
      scf.yield %v51 : i64
    }
    %c52 = arith.constant 0 : index
    %c53 = arith.constant 6 : index
    %c54 = arith.constant 2 : index
    %r58:2 = scf.for %i55 = %c52 to %c53 step %c54 iter_args(%acc56 = %r47, %acc57 = %b) -> (i64, i64) {
      %v59 = arith.index_cast %i55 : index to i64
      %v60 = arith.muli %acc56, %r47 : i64
      %v61 = arith.addi %v60, %r47 : i64
      %c62 = arith.constant 0 : index
      %c63 = arith.constant 5 : index
      %c64 = arith.constant 1 : index
      %r68 = scf.for %i65 = %c62 to %c63 step %c64 iter_args(%acc66 = %v61) -> (i64) {
        %v69 = arith.index_cast %i65 : index to i64
        %v70 = arith.muli %acc66, %v61 : i64
        %v71 = arith.muli %v70, %b : i64
        scf.yield %v71 : i64
      }
      %v72 = arith.addi %acc57, %v59 : i64
      scf.yield %r68, %v72 : i64, i64
    }
    %v73 = arith.andi %r58#0, %r58#1 : i64
    %c74 = arith.constant 0 : index
    %c75 = arith.constant 5 : index
    %c76 = arith.constant 1 : index
    %r80:2 = scf.for %i77 = %c74 to %c75 step %c76 iter_args(%acc78 = %v73, %acc79 = %b) -> (i64, i64) {
      %v81 = arith.index_cast %i77 : index to i64
      %v82 = arith.andi %acc78, %v73 : i64
      %c83 = arith.constant 2 : index
      %c84 = arith.constant 3 : index
      %c85 = arith.constant 1 : index
      %r89 = scf.for %i86 = %c83 to %c84 step %c85 iter_args(%acc87 = %v82) -> (i64) {
        %v90 = arith.index_cast %i86 : index to i64
        %v91 = arith.xori %acc87, %v73 : i64
        scf.yield %v91 : i64
      }
      %v92 = arith.addi %acc79, %v81 : i64
      scf.yield %r89, %v92 : i64, i64
    }
    %c93 = arith.constant 1 : index
    %c94 = arith.constant 3 : index
    %c95 = arith.constant 1 : index
    %r99:2 = scf.for %i96 = %c93 to %c94 step %c95 iter_args(%acc97 = %r80#0, %acc98 = %v73) -> (i64, i64) {
      %v100 = arith.index_cast %i96 : index to i64
      %v101 = arith.andi %acc97, %a : i64
      %v102 = arith.subi %v101, %v100 : i64
      %v103 = arith.muli %v102, %b : i64
      %v104 = arith.addi %acc98, %v100 : i64
      scf.yield %v103, %v104 : i64, i64
    }
    %c105 = arith.constant 1 : index
    %c106 = arith.constant 7 : index
    %c107 = arith.constant 2 : index
    %r111 = scf.for %i108 = %c105 to %c106 step %c107 iter_args(%acc109 = %r99#0) -> (i64) {
      %v112 = arith.index_cast %i108 : index to i64
      %v113 = arith.andi %acc109, %v73 : i64
      %v114 = arith.addi %v113, %a : i64
      scf.yield %v114 : i64
    }
    %c115 = arith.constant 0 : index
    %c116 = arith.constant 8 : index
    %c117 = arith.constant 2 : index
    %r121 = scf.for %i118 = %c115 to %c116 step %c117 iter_args(%acc119 = %r111) -> (i64) {
      %v122 = arith.index_cast %i118 : index to i64
      %v123 = arith.andi %acc119, %a : i64
      scf.yield %v123 : i64
    }
    %c124 = arith.constant 0 : index
    %c125 = arith.constant 0 : index
    %c126 = arith.constant 1 : index
    %r130:2 = scf.for %i127 = %c124 to %c125 step %c126 iter_args(%acc128 = %r121, %acc129 = %a) -> (i64, i64) {
      %v131 = arith.index_cast %i127 : index to i64
      %v132 = arith.addi %acc128, %acc128 : i64
      %v133 = arith.muli %v132, %acc128 : i64
      %v134 = arith.muli %acc129, %v131 : i64
      scf.yield %v133, %v134 : i64, i64
    }
    %v135 = arith.xori %r130#0, %r130#1 : i64
    %c136 = arith.constant 0 : index
    %c137 = arith.constant 1 : index
    %c138 = arith.constant 1 : index
    %r142 = scf.for %i139 = %c136 to %c137 step %c138 iter_args(%acc140 = %v135) -> (i64) {
      %v143 = arith.index_cast %i139 : index to i64
      %v144 = arith.subi %acc140, %b : i64
      %v145 = arith.subi %v144, %b : i64
      scf.yield %v145 : i64
    }
    %c146 = arith.constant 0 : index
    %c147 = arith.constant 2 : index
    %c148 = arith.constant 2 : index
    %r152:2 = scf.for %i149 = %c146 to %c147 step %c148 iter_args(%acc150 = %r142, %acc151 = %v73) -> (i64, i64) {
      %v153 = arith.index_cast %i149 : index to i64
      %v154 = arith.muli %acc150, %v153 : i64
      scf.yield %v154, %acc151 : i64, i64
    }
    %v155 = arith.muli %r152#0, %r152#1 : i64
    %c156 = arith.constant 0 : index
    %c157 = arith.constant 4 : index
    %c158 = arith.constant 1 : index
    %r162:2 = scf.for %i159 = %c156 to %c157 step %c158 iter_args(%acc160 = %v155, %acc161 = %b) -> (i64, i64) {
      %v163 = arith.index_cast %i159 : index to i64
      %v164 = arith.andi %acc160, %acc160 : i64
      %v165 = arith.addi %v164, %acc160 : i64
      %v166 = arith.addi %v165, %b : i64
      %c167 = arith.constant 0 : index
      %c168 = arith.constant 8 : index
      %c169 = arith.constant 1 : index
      %r173 = scf.for %i170 = %c167 to %c168 step %c169 iter_args(%acc171 = %v166) -> (i64) {
        %v174 = arith.index_cast %i170 : index to i64
        %v175 = arith.addi %acc171, %b : i64
        scf.yield %v175 : i64
      }
      scf.yield %r173, %acc161 : i64, i64
    }
    %c176 = arith.constant 0 : index
    %c177 = arith.constant 1 : index
    %c178 = arith.constant 1 : index
    %r182 = scf.for %i179 = %c176 to %c177 step %c178 iter_args(%acc180 = %r162#0) -> (i64) {
      %v183 = arith.index_cast %i179 : index to i64
      %v184 = arith.addi %acc180, %b : i64
      %v185 = arith.subi %v184, %v155 : i64
      %c186 = arith.constant 0 : index
      %c187 = arith.constant 6 : index
      %c188 = arith.constant 1 : index
      %r192 = scf.for %i189 = %c186 to %c187 step %c188 iter_args(%acc190 = %v185) -> (i64) {
        %v193 = arith.index_cast %i189 : index to i64
        %v194 = arith.addi %acc190, %b : i64
        %v195 = arith.addi %v194, %v185 : i64
        scf.yield %v195 : i64
      }
      scf.yield %r192 : i64
    }
    %c196 = arith.constant 0 : index
    %c197 = arith.constant 6 : index
    %c198 = arith.constant 2 : index
    %r202 = scf.for %i199 = %c196 to %c197 step %c198 iter_args(%acc200 = %r182) -> (i64) {
      %v203 = arith.index_cast %i199 : index to i64
      %v204 = arith.andi %acc200, %v155 : i64
      %c205 = arith.constant 2 : index
      %c206 = arith.constant 14 : index
      %c207 = arith.constant 2 : index
      %r211 = scf.for %i208 = %c205 to %c206 step %c207 iter_args(%acc209 = %v204) -> (i64) {
        %v212 = arith.index_cast %i208 : index to i64
        %v213 = arith.subi %acc209, %b : i64
        %v214 = arith.subi %v213, %b : i64
        scf.yield %v214 : i64
      }
      scf.yield %r211 : i64
    }
    %c215 = arith.constant 0 : index
    %c216 = arith.constant 0 : index
    %c217 = arith.constant 1 : index
    %r221 = scf.for %i218 = %c215 to %c216 step %c217 iter_args(%acc219 = %r202) -> (i64) {
      %v222 = arith.index_cast %i218 : index to i64
      %v223 = arith.addi %acc219, %v222 : i64
      %v224 = arith.subi %v223, %v222 : i64
      %v225 = arith.andi %v224, %a : i64
      scf.yield %v225 : i64
    }
    %c226 = arith.constant 1 : index
    %c227 = arith.constant 7 : index
    %c228 = arith.constant 1 : index
    %r232 = scf.for %i229 = %c226 to %c227 step %c228 iter_args(%acc230 = %r221) -> (i64) {
      %v233 = arith.index_cast %i229 : index to i64
      %v234 = arith.addi %acc230, %acc230 : i64
      %v235 = arith.andi %v234, %a : i64
      %v236 = arith.addi %v235, %v155 : i64
      scf.yield %v236 : i64
    }
    %c237 = arith.constant 2 : index
    %c238 = arith.constant 2 : index
    %c239 = arith.constant 1 : index
    %r243 = scf.for %i240 = %c237 to %c238 step %c239 iter_args(%acc241 = %r232) -> (i64) {
      %v244 = arith.index_cast %i240 : index to i64
      %v245 = arith.xori %acc241, %a : i64
      %c246 = arith.constant 1 : index
      %c247 = arith.constant 9 : index
      %c248 = arith.constant 1 : index
      %r252 = scf.for %i249 = %c246 to %c247 step %c248 iter_args(%acc250 = %v245) -> (i64) {
        %v253 = arith.index_cast %i249 : index to i64
        %v254 = arith.addi %acc250, %v155 : i64
        %v255 = arith.subi %v254, %a : i64
        scf.yield %v255 : i64
      }
      scf.yield %r252 : i64
    }
    %c256 = arith.constant 0 : index
    %c257 = arith.constant 4 : index
    %c258 = arith.constant 1 : index
    %r262 = scf.for %i259 = %c256 to %c257 step %c258 iter_args(%acc260 = %r243) -> (i64) {
      %v263 = arith.index_cast %i259 : index to i64
      %v264 = arith.addi %acc260, %a : i64
      scf.yield %v264 : i64
    }
    %c265 = arith.constant 0 : index
    %c266 = arith.constant 0 : index
    %c267 = arith.constant 2 : index
    %r271 = scf.for %i268 = %c265 to %c266 step %c267 iter_args(%acc269 = %r262) -> (i64) {
      %v272 = arith.index_cast %i268 : index to i64
      %v273 = arith.addi %acc269, %r262 : i64
      %c274 = arith.constant 1 : index
      %c275 = arith.constant 5 : index
      %c276 = arith.constant 1 : index
      %r280 = scf.for %i277 = %c274 to %c275 step %c276 iter_args(%acc278 = %v273) -> (i64) {
        %v281 = arith.index_cast %i277 : index to i64
        %v282 = arith.muli %acc278, %v281 : i64
        %v283 = arith.subi %v282, %v272 : i64
        %v284 = arith.xori %v283, %r262 : i64
        scf.yield %v284 : i64
      }
      scf.yield %r280 : i64
    }
    %c285 = arith.constant 0 : index
    %c286 = arith.constant 0 : index
    %c287 = arith.constant 2 : index
    %r291 = scf.for %i288 = %c285 to %c286 step %c287 iter_args(%acc289 = %r271) -> (i64) {
      %v292 = arith.index_cast %i288 : index to i64
      %v293 = arith.muli %acc289, %r262 : i64
      %c294 = arith.constant 2 : index
      %c295 = arith.constant 7 : index
      %c296 = arith.constant 1 : index
      %r300 = scf.for %i297 = %c294 to %c295 step %c296 iter_args(%acc298 = %v293) -> (i64) {
        %v301 = arith.index_cast %i297 : index to i64
        %v302 = arith.addi %acc298, %v292 : i64
        %v303 = arith.addi %v302, %acc298 : i64
        %v304 = arith.addi %v303, %acc289 : i64
        scf.yield %v304 : i64
      }
      scf.yield %r300 : i64
    }
    %c305 = arith.constant 0 : index
    %c306 = arith.constant 2 : index
    %c307 = arith.constant 1 : index
    %r311 = scf.for %i308 = %c305 to %c306 step %c307 iter_args(%acc309 = %r291) -> (i64) {
      %v312 = arith.index_cast %i308 : index to i64
      %v313 = arith.xori %acc309, %r262 : i64
      %v314 = arith.andi %v313, %acc309 : i64
      %v315 = arith.xori %v314, %a : i64
      scf.yield %v315 : i64
    }
    %c316 = arith.constant 0 : index
    %c317 = arith.constant 2 : index
    %c318 = arith.constant 1 : index
    %r322:2 = scf.for %i319 = %c316 to %c317 step %c318 iter_args(%acc320 = %r311, %acc321 = %b) -> (i64, i64) {
      %v323 = arith.index_cast %i319 : index to i64
      %v324 = arith.subi %acc320, %acc320 : i64
      %v325 = arith.addi %v324, %acc320 : i64
      %v326 = arith.subi %acc321, %v323 : i64
      scf.yield %v325, %v326 : i64, i64
    }
    %v327 = arith.addi %r322#0, %r322#1 : i64
    %c328 = arith.constant 1 : index
    %c329 = arith.constant 4 : index
    %c330 = arith.constant 1 : index
    %r334 = scf.for %i331 = %c328 to %c329 step %c330 iter_args(%acc332 = %v327) -> (i64) {
      %v335 = arith.index_cast %i331 : index to i64
      %v336 = arith.andi %acc332, %r262 : i64
      scf.yield %v336 : i64
    }
    %c337 = arith.constant 0 : index
    %c338 = arith.constant 8 : index
    %c339 = arith.constant 1 : index
    %r343 = scf.for %i340 = %c337 to %c338 step %c339 iter_args(%acc341 = %r334) -> (i64) {
      %v344 = arith.index_cast %i340 : index to i64
      %v345 = arith.addi %acc341, %v344 : i64
      scf.yield %v345 : i64
    }
    %c346 = arith.constant 2 : index
    %c347 = arith.constant 10 : index
    %c348 = arith.constant 1 : index
    %r352:2 = scf.for %i349 = %c346 to %c347 step %c348 iter_args(%acc350 = %r343, %acc351 = %a) -> (i64, i64) {
      %v353 = arith.index_cast %i349 : index to i64
      %v354 = arith.subi %acc350, %acc350 : i64
      %v355 = arith.subi %acc351, %v353 : i64
      scf.yield %v354, %v355 : i64, i64
    }
    %c356 = arith.constant 1 : index
    %c357 = arith.constant 7 : index
    %c358 = arith.constant 2 : index
    %r362:2 = scf.for %i359 = %c356 to %c357 step %c358 iter_args(%acc360 = %r352#0, %acc361 = %b) -> (i64, i64) {
      %v363 = arith.index_cast %i359 : index to i64
      %v364 = arith.addi %acc360, %r352#0 : i64
      %v365 = arith.addi %acc361, %v363 : i64
      scf.yield %v364, %v365 : i64, i64
    }
    %v366 = arith.andi %r362#0, %r362#1 : i64
    %c367 = arith.constant 0 : index
    %c368 = arith.constant 2 : index
    %c369 = arith.constant 2 : index
    %r373 = scf.for %i370 = %c367 to %c368 step %c369 iter_args(%acc371 = %v366) -> (i64) {
      %v374 = arith.index_cast %i370 : index to i64
      %v375 = arith.xori %acc371, %v374 : i64
      %v376 = arith.andi %v375, %acc371 : i64
      %c377 = arith.constant 2 : index
      %c378 = arith.constant 2 : index
      %c379 = arith.constant 1 : index
      %r383 = scf.for %i380 = %c377 to %c378 step %c379 iter_args(%acc381 = %v376) -> (i64) {
        %v384 = arith.index_cast %i380 : index to i64
        %v385 = arith.addi %acc381, %r352#0 : i64
        %v386 = arith.subi %v385, %a : i64
        %v387 = arith.addi %v386, %b : i64
        scf.yield %v387 : i64
      }
      scf.yield %r383 : i64
    }
    %c388 = arith.constant 0 : index
    %c389 = arith.constant 6 : index
    %c390 = arith.constant 2 : index
    %r394:2 = scf.for %i391 = %c388 to %c389 step %c390 iter_args(%acc392 = %r373, %acc393 = %r373) -> (i64, i64) {
      %v395 = arith.index_cast %i391 : index to i64
      %v396 = arith.andi %acc392, %acc392 : i64
      %v397 = arith.xori %v396, %acc392 : i64
      %v398 = arith.xori %v397, %r373 : i64
      %v399 = arith.xori %acc393, %v395 : i64
      scf.yield %v398, %v399 : i64, i64
    }
    %v400 = arith.muli %r394#0, %r394#1 : i64
    %c401 = arith.constant 0 : index
    %c402 = arith.constant 2 : index
    %c403 = arith.constant 1 : index
    %r407:2 = scf.for %i404 = %c401 to %c402 step %c403 iter_args(%acc405 = %v400, %acc406 = %b) -> (i64, i64) {
      %v408 = arith.index_cast %i404 : index to i64
      %v409 = arith.andi %acc405, %b : i64
      %v410 = arith.addi %v409, %acc405 : i64
      %v411 = arith.subi %v410, %v408 : i64
      %c412 = arith.constant 0 : index
      %c413 = arith.constant 3 : index
      %c414 = arith.constant 1 : index
      %r418 = scf.for %i415 = %c412 to %c413 step %c414 iter_args(%acc416 = %v411) -> (i64) {
        %v419 = arith.index_cast %i415 : index to i64
        %v420 = arith.andi %acc416, %acc405 : i64
        %v421 = arith.andi %v420, %v419 : i64
        %v422 = arith.andi %v421, %acc416 : i64
        scf.yield %v422 : i64
      }
      %v423 = arith.addi %acc406, %v408 : i64
      scf.yield %r418, %v423 : i64, i64
    }
    %c424 = arith.constant 0 : index
    %c425 = arith.constant 6 : index
    %c426 = arith.constant 2 : index
    %r430 = scf.for %i427 = %c424 to %c425 step %c426 iter_args(%acc428 = %r407#0) -> (i64) {
      %v431 = arith.index_cast %i427 : index to i64
      %v432 = arith.addi %acc428, %a : i64
      %v433 = arith.andi %v432, %acc428 : i64
      %v434 = arith.xori %v433, %v431 : i64
      scf.yield %v434 : i64
    }
    %c435 = arith.constant 0 : index
    %c436 = arith.constant 1 : index
    %c437 = arith.constant 1 : index
    %r441 = scf.for %i438 = %c435 to %c436 step %c437 iter_args(%acc439 = %r430) -> (i64) {
      %v442 = arith.index_cast %i438 : index to i64
      %v443 = arith.andi %acc439, %b : i64
      %c444 = arith.constant 0 : index
      %c445 = arith.constant 8 : index
      %c446 = arith.constant 1 : index
      %r450 = scf.for %i447 = %c444 to %c445 step %c446 iter_args(%acc448 = %v443) -> (i64) {
        %v451 = arith.index_cast %i447 : index to i64
        %v452 = arith.addi %acc448, %v451 : i64
        %v453 = arith.subi %v452, %acc448 : i64
        scf.yield %v453 : i64
      }
      scf.yield %r450 : i64
    }
    %c454 = arith.constant 0 : index
    %c455 = arith.constant 2 : index
    %c456 = arith.constant 2 : index
    %r460 = scf.for %i457 = %c454 to %c455 step %c456 iter_args(%acc458 = %r441) -> (i64) {
      %v461 = arith.index_cast %i457 : index to i64
      %v462 = arith.xori %acc458, %a : i64
      scf.yield %v462 : i64
    }
    %c463 = arith.constant 2 : index
    %c464 = arith.constant 6 : index
    %c465 = arith.constant 1 : index
    %r469 = scf.for %i466 = %c463 to %c464 step %c465 iter_args(%acc467 = %r460) -> (i64) {
      %v470 = arith.index_cast %i466 : index to i64
      %v471 = arith.andi %acc467, %acc467 : i64
      scf.yield %v471 : i64
    }
    %c472 = arith.constant 0 : index
    %c473 = arith.constant 2 : index
    %c474 = arith.constant 2 : index
    %r478:2 = scf.for %i475 = %c472 to %c473 step %c474 iter_args(%acc476 = %r469, %acc477 = %b) -> (i64, i64) {
      %v479 = arith.index_cast %i475 : index to i64
      %v480 = arith.addi %acc476, %a : i64
      %v481 = arith.muli %v480, %v479 : i64
      %v482 = arith.addi %v481, %r430 : i64
      %c483 = arith.constant 0 : index
      %c484 = arith.constant 16 : index
      %c485 = arith.constant 2 : index
      %r489 = scf.for %i486 = %c483 to %c484 step %c485 iter_args(%acc487 = %v482) -> (i64) {
        %v490 = arith.index_cast %i486 : index to i64
        %v491 = arith.muli %acc487, %v482 : i64
        scf.yield %v491 : i64
      }
      %v492 = arith.subi %acc477, %v479 : i64
      scf.yield %r489, %v492 : i64, i64
    }
    %v493 = arith.addi %r478#0, %r478#1 : i64
    %c494 = arith.constant 2 : index
    %c495 = arith.constant 5 : index
    %c496 = arith.constant 1 : index
    %r500:2 = scf.for %i497 = %c494 to %c495 step %c496 iter_args(%acc498 = %v493, %acc499 = %a) -> (i64, i64) {
      %v501 = arith.index_cast %i497 : index to i64
      %v502 = arith.addi %acc498, %b : i64
      %v503 = arith.subi %v502, %b : i64
      %v504 = arith.andi %acc499, %v501 : i64
      scf.yield %v503, %v504 : i64, i64
    }
    %v505 = arith.muli %r500#0, %r500#1 : i64
    %c506 = arith.constant 1 : index
    %c507 = arith.constant 13 : index
    %c508 = arith.constant 2 : index
    %r512:2 = scf.for %i509 = %c506 to %c507 step %c508 iter_args(%acc510 = %v505, %acc511 = %b) -> (i64, i64) {
      %v513 = arith.index_cast %i509 : index to i64
      %v514 = arith.subi %acc510, %acc510 : i64
      %v515 = arith.addi %v514, %v513 : i64
      %v516 = arith.addi %acc511, %v513 : i64
      scf.yield %v515, %v516 : i64, i64
    }
    %c517 = arith.constant 0 : index
    %c518 = arith.constant 2 : index
    %c519 = arith.constant 1 : index
    %r523 = scf.for %i520 = %c517 to %c518 step %c519 iter_args(%acc521 = %r512#0) -> (i64) {
      %v524 = arith.index_cast %i520 : index to i64
      %v525 = arith.addi %acc521, %acc521 : i64
      %v526 = arith.muli %v525, %r430 : i64
      %v527 = arith.addi %v526, %r430 : i64
      scf.yield %v527 : i64
    }
    %c528 = arith.constant 0 : index
    %c529 = arith.constant 16 : index
    %c530 = arith.constant 2 : index
    %r534:2 = scf.for %i531 = %c528 to %c529 step %c530 iter_args(%acc532 = %r523, %acc533 = %a) -> (i64, i64) {
      %v535 = arith.index_cast %i531 : index to i64
      %v536 = arith.xori %acc532, %v535 : i64
      %v537 = arith.xori %v536, %a : i64
      %v538 = arith.subi %v537, %v535 : i64
      %v539 = arith.addi %acc533, %v535 : i64
      scf.yield %v538, %v539 : i64, i64
    }
    %c540 = arith.constant 0 : index
    %c541 = arith.constant 1 : index
    %c542 = arith.constant 1 : index
    %r546 = scf.for %i543 = %c540 to %c541 step %c542 iter_args(%acc544 = %r534#0) -> (i64) {
      %v547 = arith.index_cast %i543 : index to i64
      %v548 = arith.addi %acc544, %r430 : i64
      %v549 = arith.addi %v548, %a : i64
      scf.yield %v549 : i64
    }
    %c550 = arith.constant 0 : index
    %c551 = arith.constant 8 : index
    %c552 = arith.constant 1 : index
    %r556:2 = scf.for %i553 = %c550 to %c551 step %c552 iter_args(%acc554 = %r546, %acc555 = %r430) -> (i64, i64) {
      %v557 = arith.index_cast %i553 : index to i64
      %v558 = arith.xori %acc554, %acc554 : i64
      %c559 = arith.constant 0 : index
      %c560 = arith.constant 6 : index
      %c561 = arith.constant 1 : index
      %r565 = scf.for %i562 = %c559 to %c560 step %c561 iter_args(%acc563 = %v558) -> (i64) {
        %v566 = arith.index_cast %i562 : index to i64
        %v567 = arith.addi %acc563, %acc563 : i64
        %v568 = arith.subi %v567, %acc563 : i64
        %v569 = arith.muli %v568, %v566 : i64
        scf.yield %v569 : i64
      }
      scf.yield %r565, %acc555 : i64, i64
    }
    %c570 = arith.constant 0 : index
    %c571 = arith.constant 4 : index
    %c572 = arith.constant 1 : index
    %r576 = scf.for %i573 = %c570 to %c571 step %c572 iter_args(%acc574 = %r556#0) -> (i64) {
      %v577 = arith.index_cast %i573 : index to i64
      %v578 = arith.xori %acc574, %acc574 : i64
      %v579 = arith.addi %v578, %b : i64
      %v580 = arith.addi %v579, %a : i64
      scf.yield %v580 : i64
    }
    %c581 = arith.constant 0 : index
    %c582 = arith.constant 6 : index
    %c583 = arith.constant 1 : index
    %r587:2 = scf.for %i584 = %c581 to %c582 step %c583 iter_args(%acc585 = %r576, %acc586 = %b) -> (i64, i64) {
      %v588 = arith.index_cast %i584 : index to i64
      %v589 = arith.addi %acc585, %r430 : i64
      %v590 = arith.addi %v589, %b : i64
      %v591 = arith.addi %v590, %a : i64
      scf.yield %v591, %acc586 : i64, i64
    }
    %v592 = arith.subi %r587#0, %r587#1 : i64
    %c593 = arith.constant 0 : index
    %c594 = arith.constant 0 : index
    %c595 = arith.constant 1 : index
    %r599 = scf.for %i596 = %c593 to %c594 step %c595 iter_args(%acc597 = %v592) -> (i64) {
      %v600 = arith.index_cast %i596 : index to i64
      %v601 = arith.addi %acc597, %v600 : i64
      %v602 = arith.andi %v601, %b : i64
      scf.yield %v602 : i64
    }
    %c603 = arith.constant 1 : index
    %c604 = arith.constant 1 : index
    %c605 = arith.constant 2 : index
    %r609:2 = scf.for %i606 = %c603 to %c604 step %c605 iter_args(%acc607 = %r599, %acc608 = %a) -> (i64, i64) {
      %v610 = arith.index_cast %i606 : index to i64
      %v611 = arith.xori %acc607, %r599 : i64
      %v612 = arith.addi %v611, %acc607 : i64
      %c613 = arith.constant 1 : index
      %c614 = arith.constant 3 : index
      %c615 = arith.constant 1 : index
      %r619 = scf.for %i616 = %c613 to %c614 step %c615 iter_args(%acc617 = %v612) -> (i64) {
        %v620 = arith.index_cast %i616 : index to i64
        %v621 = arith.xori %acc617, %b : i64
        scf.yield %v621 : i64
      }
      %v622 = arith.muli %acc608, %v610 : i64
      scf.yield %r619, %v622 : i64, i64
    }
    %c623 = arith.constant 0 : index
    %c624 = arith.constant 8 : index
    %c625 = arith.constant 1 : index
    %r629:2 = scf.for %i626 = %c623 to %c624 step %c625 iter_args(%acc627 = %r609#0, %acc628 = %r609#0) -> (i64, i64) {
      %v630 = arith.index_cast %i626 : index to i64
      %v631 = arith.muli %acc627, %a : i64
      %v632 = arith.xori %acc628, %v630 : i64
      scf.yield %v631, %v632 : i64, i64
    }
    %v633 = arith.muli %r629#0, %r629#1 : i64
    %c634 = arith.constant 2 : index
    %c635 = arith.constant 10 : index
    %c636 = arith.constant 1 : index
    %r640 = scf.for %i637 = %c634 to %c635 step %c636 iter_args(%acc638 = %v633) -> (i64) {
      %v641 = arith.index_cast %i637 : index to i64
      %v642 = arith.addi %acc638, %a : i64
      %v643 = arith.addi %v642, %a : i64
      %v644 = arith.addi %v643, %acc638 : i64
      scf.yield %v644 : i64
    }
    %c645 = arith.constant 0 : index
    %c646 = arith.constant 1 : index
    %c647 = arith.constant 1 : index
    %r651 = scf.for %i648 = %c645 to %c646 step %c647 iter_args(%acc649 = %r640) -> (i64) {
      %v652 = arith.index_cast %i648 : index to i64
      %v653 = arith.subi %acc649, %r609#0 : i64
      %v654 = arith.addi %v653, %r609#0 : i64
      %v655 = arith.addi %v654, %b : i64
      %c656 = arith.constant 0 : index
      %c657 = arith.constant 2 : index
      %c658 = arith.constant 1 : index
      %r662 = scf.for %i659 = %c656 to %c657 step %c658 iter_args(%acc660 = %v655) -> (i64) {
        %v663 = arith.index_cast %i659 : index to i64
        %v664 = arith.xori %acc660, %a : i64
        %v665 = arith.xori %v664, %acc649 : i64
        scf.yield %v665 : i64
      }
      scf.yield %r662 : i64
    }
    %c666 = arith.constant 1 : index
    %c667 = arith.constant 6 : index
    %c668 = arith.constant 1 : index
    %r672 = scf.for %i669 = %c666 to %c667 step %c668 iter_args(%acc670 = %r651) -> (i64) {
      %v673 = arith.index_cast %i669 : index to i64
      %v674 = arith.subi %acc670, %r609#0 : i64
      scf.yield %v674 : i64
    }
    %c675 = arith.constant 1 : index
    %c676 = arith.constant 5 : index
    %c677 = arith.constant 1 : index
    %r681 = scf.for %i678 = %c675 to %c676 step %c677 iter_args(%acc679 = %r672) -> (i64) {
      %v682 = arith.index_cast %i678 : index to i64
      %v683 = arith.andi %acc679, %b : i64
      %v684 = arith.addi %v683, %v682 : i64
      %c685 = arith.constant 2 : index
      %c686 = arith.constant 10 : index
      %c687 = arith.constant 1 : index
      %r691 = scf.for %i688 = %c685 to %c686 step %c687 iter_args(%acc689 = %v684) -> (i64) {
        %v692 = arith.index_cast %i688 : index to i64
        %v693 = arith.subi %acc689, %b : i64
        %v694 = arith.addi %v693, %v684 : i64
        %v695 = arith.subi %v694, %acc689 : i64
        scf.yield %v695 : i64
      }
      scf.yield %r691 : i64
    }
    %c696 = arith.constant 2 : index
    %c697 = arith.constant 10 : index
    %c698 = arith.constant 2 : index
    %r702 = scf.for %i699 = %c696 to %c697 step %c698 iter_args(%acc700 = %r681) -> (i64) {
      %v703 = arith.index_cast %i699 : index to i64
      %v704 = arith.xori %acc700, %r672 : i64
      %c705 = arith.constant 0 : index
      %c706 = arith.constant 8 : index
      %c707 = arith.constant 2 : index
      %r711 = scf.for %i708 = %c705 to %c706 step %c707 iter_args(%acc709 = %v704) -> (i64) {
        %v712 = arith.index_cast %i708 : index to i64
        %v713 = arith.xori %acc709, %r672 : i64
        scf.yield %v713 : i64
      }
      scf.yield %r711 : i64
    }
    %c714 = arith.constant 0 : index
    %c715 = arith.constant 16 : index
    %c716 = arith.constant 2 : index
    %r720 = scf.for %i717 = %c714 to %c715 step %c716 iter_args(%acc718 = %r702) -> (i64) {
      %v721 = arith.index_cast %i717 : index to i64
      %v722 = arith.andi %acc718, %r672 : i64
      %c723 = arith.constant 0 : index
      %c724 = arith.constant 5 : index
      %c725 = arith.constant 1 : index
      %r729 = scf.for %i726 = %c723 to %c724 step %c725 iter_args(%acc727 = %v722) -> (i64) {
        %v730 = arith.index_cast %i726 : index to i64
        %v731 = arith.subi %acc727, %v722 : i64
        scf.yield %v731 : i64
      }
      scf.yield %r729 : i64
    }
    %c732 = arith.constant 2 : index
    %c733 = arith.constant 2 : index
    %c734 = arith.constant 1 : index
    %r738 = scf.for %i735 = %c732 to %c733 step %c734 iter_args(%acc736 = %r720) -> (i64) {
      %v739 = arith.index_cast %i735 : index to i64
      %v740 = arith.xori %acc736, %a : i64
      %v741 = arith.andi %v740, %a : i64
      %c742 = arith.constant 1 : index
      %c743 = arith.constant 5 : index
      %c744 = arith.constant 2 : index
      %r748 = scf.for %i745 = %c742 to %c743 step %c744 iter_args(%acc746 = %v741) -> (i64) {
        %v749 = arith.index_cast %i745 : index to i64
        %v750 = arith.addi %acc746, %v739 : i64
        scf.yield %v750 : i64
      }
      scf.yield %r748 : i64
    }
    %c751 = arith.constant 2 : index
    %c752 = arith.constant 4 : index
    %c753 = arith.constant 2 : index
    %r757:2 = scf.for %i754 = %c751 to %c752 step %c753 iter_args(%acc755 = %r738, %acc756 = %a) -> (i64, i64) {
      %v758 = arith.index_cast %i754 : index to i64
      %v759 = arith.xori %acc755, %v758 : i64
      scf.yield %v759, %acc756 : i64, i64
    }
    %v760 = arith.subi %r757#0, %r757#1 : i64
    %c761 = arith.constant 0 : index
    %c762 = arith.constant 3 : index
    %c763 = arith.constant 1 : index
    %r767 = scf.for %i764 = %c761 to %c762 step %c763 iter_args(%acc765 = %v760) -> (i64) {
      %v768 = arith.index_cast %i764 : index to i64
      %v769 = arith.xori %acc765, %a : i64
      %v770 = arith.muli %v769, %r672 : i64
      %v771 = arith.addi %v770, %a : i64
      scf.yield %v771 : i64
    }
    %c772 = arith.constant 0 : index
    %c773 = arith.constant 3 : index
    %c774 = arith.constant 1 : index
    %r778:2 = scf.for %i775 = %c772 to %c773 step %c774 iter_args(%acc776 = %r767, %acc777 = %b) -> (i64, i64) {
      %v779 = arith.index_cast %i775 : index to i64
      %v780 = arith.xori %acc776, %v779 : i64
      scf.yield %v780, %acc777 : i64, i64
    }
    %v781 = arith.addi %r778#0, %r778#1 : i64
    %c782 = arith.constant 1 : index
    %c783 = arith.constant 3 : index
    %c784 = arith.constant 1 : index
    %r788:2 = scf.for %i785 = %c782 to %c783 step %c784 iter_args(%acc786 = %v781, %acc787 = %a) -> (i64, i64) {
      %v789 = arith.index_cast %i785 : index to i64
      %v790 = arith.subi %acc786, %b : i64
      %v791 = arith.addi %v790, %a : i64
      %v792 = arith.xori %acc787, %v789 : i64
      scf.yield %v791, %v792 : i64, i64
    }
    %v793 = arith.andi %r788#0, %r788#1 : i64
    %c794 = arith.constant 0 : index
    %c795 = arith.constant 4 : index
    %c796 = arith.constant 1 : index
    %r800:2 = scf.for %i797 = %c794 to %c795 step %c796 iter_args(%acc798 = %v793, %acc799 = %r672) -> (i64, i64) {
      %v801 = arith.index_cast %i797 : index to i64
      %v802 = arith.addi %acc798, %v801 : i64
      %c803 = arith.constant 1 : index
      %c804 = arith.constant 5 : index
      %c805 = arith.constant 2 : index
      %r809 = scf.for %i806 = %c803 to %c804 step %c805 iter_args(%acc807 = %v802) -> (i64) {
        %v810 = arith.index_cast %i806 : index to i64
        %v811 = arith.addi %acc807, %v801 : i64
        scf.yield %v811 : i64
      }
      %v812 = arith.xori %acc799, %v801 : i64
      scf.yield %r809, %v812 : i64, i64
    }
    %c813 = arith.constant 0 : index
    %c814 = arith.constant 3 : index
    %c815 = arith.constant 1 : index
    %r819:2 = scf.for %i816 = %c813 to %c814 step %c815 iter_args(%acc817 = %r800#0, %acc818 = %r672) -> (i64, i64) {
      %v820 = arith.index_cast %i816 : index to i64
      %v821 = arith.addi %acc817, %r672 : i64
      %v822 = arith.addi %v821, %acc817 : i64
      %v823 = arith.addi %v822, %a : i64
      %c824 = arith.constant 2 : index
      %c825 = arith.constant 5 : index
      %c826 = arith.constant 1 : index
      %r830 = scf.for %i827 = %c824 to %c825 step %c826 iter_args(%acc828 = %v823) -> (i64) {
        %v831 = arith.index_cast %i827 : index to i64
        %v832 = arith.addi %acc828, %v820 : i64
        %v833 = arith.andi %v832, %v820 : i64
        %v834 = arith.andi %v833, %b : i64
        scf.yield %v834 : i64
      }
      scf.yield %r830, %acc818 : i64, i64
    }
    %v835 = arith.subi %r819#0, %r819#1 : i64
    %c836 = arith.constant 1 : index
    %c837 = arith.constant 2 : index
    %c838 = arith.constant 1 : index
    %r842 = scf.for %i839 = %c836 to %c837 step %c838 iter_args(%acc840 = %v835) -> (i64) {
      %v843 = arith.index_cast %i839 : index to i64
      %v844 = arith.addi %acc840, %acc840 : i64
      scf.yield %v844 : i64
    }
    %c845 = arith.constant 1 : index
    %c846 = arith.constant 1 : index
    %c847 = arith.constant 1 : index
    %r851 = scf.for %i848 = %c845 to %c846 step %c847 iter_args(%acc849 = %r842) -> (i64) {
      %v852 = arith.index_cast %i848 : index to i64
      %v853 = arith.addi %acc849, %v852 : i64
      %v854 = arith.addi %v853, %v852 : i64
      %v855 = arith.andi %v854, %a : i64
      scf.yield %v855 : i64
    }
    %c856 = arith.constant 0 : index
    %c857 = arith.constant 8 : index
    %c858 = arith.constant 1 : index
    %r862 = scf.for %i859 = %c856 to %c857 step %c858 iter_args(%acc860 = %r851) -> (i64) {
      %v863 = arith.index_cast %i859 : index to i64
      %v864 = arith.muli %acc860, %acc860 : i64
      %v865 = arith.muli %v864, %acc860 : i64
      scf.yield %v865 : i64
    }
    %c866 = arith.constant 2 : index
    %c867 = arith.constant 6 : index
    %c868 = arith.constant 1 : index
    %r872 = scf.for %i869 = %c866 to %c867 step %c868 iter_args(%acc870 = %r862) -> (i64) {
      %v873 = arith.index_cast %i869 : index to i64
      %v874 = arith.addi %acc870, %a : i64
      %c875 = arith.constant 2 : index
      %c876 = arith.constant 7 : index
      %c877 = arith.constant 1 : index
      %r881 = scf.for %i878 = %c875 to %c876 step %c877 iter_args(%acc879 = %v874) -> (i64) {
        %v882 = arith.index_cast %i878 : index to i64
        %v883 = arith.andi %acc879, %r851 : i64
        %v884 = arith.subi %v883, %acc870 : i64
        scf.yield %v884 : i64
      }
      scf.yield %r881 : i64
    }
    %c885 = arith.constant 0 : index
    %c886 = arith.constant 4 : index
    %c887 = arith.constant 1 : index
    %r891 = scf.for %i888 = %c885 to %c886 step %c887 iter_args(%acc889 = %r872) -> (i64) {
      %v892 = arith.index_cast %i888 : index to i64
      %v893 = arith.addi %acc889, %b : i64
      scf.yield %v893 : i64
    }
    %c894 = arith.constant 2 : index
    %c895 = arith.constant 10 : index
    %c896 = arith.constant 1 : index
    %r900:2 = scf.for %i897 = %c894 to %c895 step %c896 iter_args(%acc898 = %r891, %acc899 = %a) -> (i64, i64) {
      %v901 = arith.index_cast %i897 : index to i64
      %v902 = arith.andi %acc898, %b : i64
      %v903 = arith.subi %acc899, %v901 : i64
      scf.yield %v902, %v903 : i64, i64
    }
  return %r900#0 : i64
}
