module M = struct
  let r = ref []
end
